import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { PLATFORM_CONFIG, type PlatformConfig } from '@platform/config';
import { SqlPool } from '@platform/database';
import { type RequestContext, inTransaction } from '@platform/request';
import type { LedgerAdjustmentInput, OrderMoneyMovement } from './ledger.inputs.js';
import type { AdjustmentOrderTransaction, TransactionPayoutStatus } from './ledger.records.js';
import { chargeFee, feeOfPlan, netOf, operatorBookingOf } from './ledger.rules.js';
import { INSERT_TRANSACTION } from './ledger.sql.js';

/** A row to book, as the ledger's writers build it. */
export interface Booking {
  type: string;
  amount: string;
  fee: string;
  currency: string;
  sourceId: number | null;
  sourceType: string | null;
  sourceOrderId?: number | null;
  sourceOrderTransactionId?: number | null;
  processedAt: Date;
  test: boolean;
  payoutId?: number | null;
  payoutStatus?: TransactionPayoutStatus;
  adjustmentReason?: string | null;
  adjustmentOrderTransactions?: AdjustmentOrderTransaction[] | null;
}

/**
 * The ledger's bookings: a charge for each payment of an order, a refund for each refund, and the operators'
 * adjustments and reserves. Charges and refunds come from events delivered at least once, so each source books
 * once (`insert … on conflict do nothing` on shop, source type and source id): a redelivery books nothing.
 */
@Injectable()
export class LedgerService {
  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    private readonly sql: SqlPool,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  // The time rules and records are judged at (the process' clock: tests move it).
  private now(): Date {
    return new Date(this.clock.now());
  }

  /**
   * A `charge` for a payment of an order, less the fee of the shop's plan (PAYMENT_FEES). Returns the new
   * transaction's id, or null when this payment was booked already.
   */
  async recordCharge(ctx: RequestContext, payment: OrderMoneyMovement): Promise<number | null> {
    const fee = chargeFee(payment.amount, feeOfPlan(this.config.paymentFees, ctx.shop.plan));
    return this.bookAlone(ctx, { ...orderBooking(payment), type: 'charge', sourceType: 'charge', amount: positive(payment.amount), fee });
  }

  /** A `refund` (negative amount) for money an order gave back. The fee of the charge is not returned. */
  async recordRefund(ctx: RequestContext, refund: OrderMoneyMovement): Promise<number | null> {
    return this.bookAlone(ctx, { ...orderBooking(refund), type: 'refund', sourceType: 'refund', amount: `-${positive(refund.amount)}`, fee: '0.00' });
  }

  /**
   * An operator's `adjustment` (or `reserve`, money held back: negative to hold, positive to release), without
   * fee. Throws the first problem of its input.
   */
  async adjust(ctx: RequestContext, input: LedgerAdjustmentInput): Promise<number> {
    const { booking, problems } = operatorBookingOf(input);
    if (problems.length > 0) throw problems[0];
    const id = await this.bookAlone(ctx, {
      type: booking.type,
      amount: booking.amount,
      fee: '0.00',
      currency: booking.currency,
      // No source of its own: an operator's booking is never a redelivery.
      sourceId: null,
      sourceType: booking.type,
      processedAt: input.processedAt ?? this.now(),
      test: booking.test,
      adjustmentReason: booking.reason,
    });
    return id!;
  }

  /** Books `booking` inside the caller's transaction (`inTransaction(ctx, em)`); its id, or null when its source was booked already. */
  async book(ctx: RequestContext, booking: Booking): Promise<number | null> {
    const rows = await this.sql.rows<{ id: number }>(ctx, INSERT_TRANSACTION, [
      ctx.shop.id,
      booking.type,
      booking.amount,
      booking.fee,
      netOf(booking.amount, booking.fee),
      booking.currency,
      booking.sourceId,
      booking.sourceType,
      booking.sourceOrderId ?? null,
      booking.sourceOrderTransactionId ?? null,
      booking.processedAt.toISOString(),
      booking.test,
      booking.payoutId ?? null,
      booking.payoutStatus ?? 'pending',
      booking.adjustmentReason ?? null,
      booking.adjustmentOrderTransactions ? JSON.stringify(booking.adjustmentOrderTransactions) : null,
    ]);
    return rows[0]?.id ?? null;
  }

  private bookAlone(ctx: RequestContext, booking: Booking): Promise<number | null> {
    return ctx.em.transactional((em) => this.book(inTransaction(ctx, em), booking));
  }
}

function orderBooking(movement: OrderMoneyMovement): Pick<Booking, 'currency' | 'sourceId' | 'sourceOrderId' | 'sourceOrderTransactionId' | 'processedAt' | 'test'> {
  return {
    currency: movement.currency,
    sourceId: movement.transactionId,
    sourceOrderId: movement.orderId,
    sourceOrderTransactionId: movement.transactionId,
    processedAt: movement.processedAt,
    test: movement.test,
  };
}

// Events carry positive amounts; anything else is a bug of the publisher, not something to book.
function positive(amount: string): string {
  if (!/^\d{1,18}(?:\.\d{1,2})?$/.test(amount)) throw new Error(`an order's money movement must be a positive decimal, got ${amount}`);
  return netOf(amount, 0);
}
