import { DomainEvent } from '@platform/events';

/**
 * A payment of an order succeeded (a `sale` or `capture` transaction): the shop received `amount`. The payments
 * ledger books a `charge` for it. Values are the transaction's, frozen when it happened; times are ISO 8601.
 */
@DomainEvent('orders.order-paid')
export class OrderPaid {
  constructor(
    readonly orderId: number,
    readonly transactionId: number,
    /** Exact decimal string, positive. */
    readonly amount: string,
    readonly currency: string,
    readonly test: boolean,
    readonly processedAt: string,
  ) {}
}
