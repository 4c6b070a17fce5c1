import { DomainEvent } from '@platform/events';

/**
 * Money of an order went back to the buyer (a successful `refund` transaction of refund `refundId`). The payments
 * ledger books a `refund` for it. Values are the transaction's, frozen when it happened; times are ISO 8601.
 */
@DomainEvent('orders.order-refunded')
export class OrderRefunded {
  constructor(
    readonly orderId: number,
    readonly refundId: number,
    readonly transactionId: number,
    /** Exact decimal string, positive: the amount returned. */
    readonly amount: string,
    readonly currency: string,
    readonly test: boolean,
    readonly processedAt: string,
  ) {}
}
