export type { ImportedOrder, NewOrder, NewOrderLineItem } from './order-import.types.js';
export { OrderLineItem } from './order-line-item.entity.js';
export { ORDER_SORT_KEYS, type OrderLineItemRecord, type OrderRecord, type OrderSortKey } from './order-records.js';
export { FINANCIAL_STATUSES, FULFILLMENT_STATUSES, Order, type FinancialStatus, type FulfillmentStatus } from './order.entity.js';
export { lineItemsSubtotal } from './order.rules.js';
export { OrderErrors, type OrderError, type OrderErrorCode } from './orders.errors.js';
export { OrdersModule } from './orders.module.js';
export { OrdersStorefrontApiModule } from './orders-storefront-api.module.js';
export { OrdersService } from './orders.service.js';
