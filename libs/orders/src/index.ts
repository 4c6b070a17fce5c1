export type { NewOrder, NewOrderLineItem } from './order.inputs.js';
export { ORDER_STATUS_FILTERS, type ImportedOrder, type OrderLineItemRecord, type OrderRecord, type OrderSortKey, type OrderStatusFilter } from './order.records.js';
export type { FinancialStatus, FulfillmentStatus } from './order.entity.js';
export { OrderErrors, type OrderError, type OrderErrorCode } from './orders.errors.js';
export { OrdersModule } from './orders.module.js';
export { OrdersRestApiModule } from './orders-rest-api.module.js';
export { OrdersAdminApiModule } from './orders-admin-api.module.js';
export { OrdersStorefrontApiModule } from './orders-storefront-api.module.js';
export { OrdersService } from './orders.service.js';
