export type { ImportedOrder, NewOrder, NewOrderLineItem } from './order-import.types.js';
export { type OrderLineItemRecord, type OrderRecord, type OrderSortKey } from './order-records.js';
export type { FinancialStatus, FulfillmentStatus } from './order.entity.js';
export { OrderErrors, type OrderError, type OrderErrorCode } from './orders.errors.js';
export { OrdersModule } from './orders.module.js';
export { OrdersStorefrontApiModule } from './orders-storefront-api.module.js';
export { OrdersService } from './orders.service.js';
