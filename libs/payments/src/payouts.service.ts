import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { SqlPool } from '@platform/database';
import { type RequestContext, inTransaction } from '@platform/request';
import { LedgerDirectoryService } from './ledger-directory.service.js';
import type { OperatorPayoutStatus } from './ledger.inputs.js';
import type { PayoutRecord, PayoutRunRecord, PayoutStatus } from './ledger.records.js';
import { canMovePayout, payoutAmountOf, payoutDateOf, returnTypeOf } from './ledger.rules.js';
import { LedgerService } from './ledger.service.js';
import {
  DUE_PAYOUTS,
  INSERT_PAYOUT,
  LINK_TO_PAYOUT,
  LOCK_SHOP_CURRENCY,
  PAYOUT_FOR_UPDATE,
  PENDING_CURRENCIES,
  PENDING_OF_CURRENCY,
  SET_PAYOUT_STATUS,
  SET_TRANSACTIONS_PAYOUT_STATUS,
} from './ledger.sql.js';
import { PaymentsErrors } from './payments.errors.js';

/**
 * Payouts: a run pays the scheduled payouts whose day has passed, then sweeps each currency's pending live
 * transactions processed by the run's time into a new scheduled payout of the sum of their nets, and books that payout's own `payout`
 * transaction (minus the amount, taken by the payout itself, so the balance drops by it exactly once).
 * Operators fail or cancel payouts; the money comes back to the balance as a `payout_failure` or
 * `payout_cancellation`. Runs of one shop and currency are serialised by an advisory lock and lock the rows they
 * take, so overlapping runs never take a transaction twice.
 */
@Injectable()
export class PayoutsService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly directory: LedgerDirectoryService,
    private readonly sql: SqlPool,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  // The time rules and records are judged at (the process' clock: tests move it).
  private now(): Date {
    return new Date(this.clock.now());
  }

  /** One run at `at` (now by default; the seed runs in the past). */
  async run(ctx: RequestContext, at: Date = this.now()): Promise<PayoutRunRecord> {
    const day = payoutDateOf(at);
    const paidIds = await ctx.em.transactional(async (em) => {
      const tx = inTransaction(ctx, em);
      const due = await this.sql.rows<{ id: number }>(tx, DUE_PAYOUTS, [ctx.shop.id, day]);
      for (const { id } of due) await this.move(tx, id, 'paid', at);
      return due.map((row) => row.id);
    });
    const createdIds: number[] = [];
    const currencies = await this.sql.rows<{ currency: string }>(ctx, PENDING_CURRENCIES, [ctx.shop.id, at.toISOString()]);
    for (const { currency } of currencies) {
      const id = await ctx.em.transactional((em) => this.sweep(inTransaction(ctx, em), currency, at));
      if (id !== null) createdIds.push(id);
    }
    const found = await this.directory.payoutsByIds(ctx, [...paidIds, ...createdIds]);
    const byId = new Map(found.map((payout) => [payout.id, payout]));
    const pick = (ids: number[]) => ids.map((id) => byId.get(id)).filter((payout): payout is PayoutRecord => payout !== undefined);
    return { created: pick(createdIds), paid: pick(paidIds) };
  }

  /**
   * An operator's word on a payout: paid, failed (the bank refused or returned it) or canceled. Throws NOT_FOUND
   * for another shop's or an unknown payout, INVALID_TRANSITION when its status does not allow the change.
   */
  async setStatus(ctx: RequestContext, payoutId: number, status: OperatorPayoutStatus, at: Date = this.now()): Promise<PayoutRecord> {
    await ctx.em.transactional((em) => this.move(inTransaction(ctx, em), payoutId, status, at));
    const [payout] = await this.directory.payoutsByIds(ctx, [payoutId]);
    return payout!;
  }

  private async sweep(ctx: RequestContext, currency: string, at: Date): Promise<number | null> {
    const shopId = ctx.shop.id;
    await this.sql.rows(ctx, LOCK_SHOP_CURRENCY, [shopId, currency]);
    const pending = await this.sql.rows<{ id: number; net: string }>(ctx, PENDING_OF_CURRENCY, [shopId, currency, at.toISOString()]);
    const amount = payoutAmountOf(pending.map((row) => row.net));
    if (amount === null) return null;
    const [payout] = await this.sql.rows<{ id: number }>(ctx, INSERT_PAYOUT, [shopId, currency, amount, payoutDateOf(at), at.toISOString()]);
    const payoutId = payout!.id;
    // The ids travel as one array: a payout may take more rows than a statement takes parameters.
    const linked = await this.sql.run(ctx, LINK_TO_PAYOUT, [shopId, payoutId, 'scheduled', pending.map((row) => row.id)]);
    // The lock makes this impossible; if it ever happens, nothing of the payout is kept.
    if (linked !== pending.length) throw new Error(`payout ${payoutId} took ${linked} of ${pending.length} transactions`);
    await this.ledger.book(ctx, {
      type: 'payout',
      amount: `-${amount}`,
      fee: '0.00',
      currency,
      sourceId: payoutId,
      sourceType: 'payout',
      processedAt: at,
      test: false,
      payoutId,
      payoutStatus: 'scheduled',
    });
    return payoutId;
  }

  private async move(ctx: RequestContext, payoutId: number, status: PayoutStatus, at: Date): Promise<void> {
    const shopId = ctx.shop.id;
    const [payout] = Number.isSafeInteger(payoutId) ? await this.sql.rows<{ id: number; status: PayoutStatus; currency: string; amount: string }>(ctx, PAYOUT_FOR_UPDATE, [shopId, payoutId]) : [];
    if (!payout) throw PaymentsErrors.NOT_FOUND('Payout does not exist', { field: 'payout' });
    if (!canMovePayout(payout.status, status)) {
      throw PaymentsErrors.INVALID_TRANSITION(`A ${payout.status} payout cannot become ${status}`, { field: 'status' });
    }
    await this.sql.run(ctx, SET_PAYOUT_STATUS, [shopId, payoutId, status]);
    await this.sql.run(ctx, SET_TRANSACTIONS_PAYOUT_STATUS, [shopId, payoutId, status]);
    const returned = returnTypeOf(status);
    if (returned) {
      // The money comes back to the balance, pending, for the next payout to take.
      await this.ledger.book(ctx, { type: returned, amount: payout.amount, fee: '0.00', currency: payout.currency, sourceId: payoutId, sourceType: returned, processedAt: at, test: false });
    }
  }
}
