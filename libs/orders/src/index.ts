export type { NewFulfillment, NewOrder, NewOrderLineItem, NewOrderTransaction, NewRefund, NewRefundLineItem } from './order.inputs.js';
export {
  ORDER_STATUS_FILTERS,
  type CancelReason,
  type FinancialStatus,
  type FulfillmentRecord,
  type FulfillmentState,
  type FulfillmentStatus,
  type ImportedOrder,
  type OrderLineItemRecord,
  type OrderRecord,
  type OrderShippingLine,
  type OrderSortKey,
  type OrderStatusFilter,
  type OrderTransactionRecord,
  type RefundLineItemRecord,
  type RefundRecord,
  type RestockType,
  type TransactionKind,
  type TransactionStatus,
} from './order.records.js';
export { OrderErrors, type OrderError, type OrderErrorCode } from './orders.errors.js';
export { OrdersModule } from './orders.module.js';
export { OrdersRestApiModule } from './orders-rest-api.module.js';
export { OrdersAdminApiModule } from './orders-admin-api.module.js';
export { OrdersStorefrontApiModule } from './orders-storefront-api.module.js';
export { OrdersService } from './orders.service.js';
export { OrderLifecycleService, type OrderChangeResult, type RefundResult } from './order-lifecycle.service.js';
export type { CancelOrderInput, RefundInput } from './order-lifecycle.inputs.js';
export { OrderPlacementService } from './order-placement.service.js';
export type { PlaceOrderInput, VisitorConsent } from './order-placement.inputs.js';
export type { PlacedOrder } from './order-placement.records.js';
export { OrderPaid } from './events/order-paid.event.js';
export { OrderRefunded } from './events/order-refunded.event.js';
/** The admin `Order` type, for the fields other contexts add to it (`Order.risk`). */
export { AdminOrder } from './graphql/admin/order.type.js';
