export type { NewOrder, NewOrderLineItem } from './order.inputs.js';
export type { ImportedOrder, OrderLineItemRecord, OrderRecord, OrderSortKey } from './order.records.js';
export type { FinancialStatus, FulfillmentStatus } from './order.entity.js';
export { OrderErrors, type OrderError, type OrderErrorCode } from './orders.errors.js';
export { OrdersModule } from './orders.module.js';
export { OrdersStorefrontApiModule } from './orders-storefront-api.module.js';
export { OrdersService } from './orders.service.js';
