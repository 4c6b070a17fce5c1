import type { LedgerService, PayoutsService } from '@platform/payments';
import type { RequestContext } from '@platform/request';

const DAY = 86_400_000;

/** The ledger services the seed writes through. */
export interface SeedLedgerServices {
  ledger: Pick<LedgerService, 'adjust'>;
  payouts: Pick<PayoutsService, 'run'>;
}

/**
 * The demo shop's ledger beyond what its orders booked (their payments and refunds reach it through OrderPaid and
 * OrderRefunded as they are imported): an adjustment, then two payout runs at times taken from the orders, so the
 * same seed gives the same ledger. The first run's payout is paid by the second, which leaves its own scheduled
 * and the newest orders' money pending.
 * Returns how many payouts it made.
 */
export async function seedLedger(services: SeedLedgerServices, ctx: RequestContext, orderTimes: readonly Date[]): Promise<number> {
  if (orderTimes.length === 0) return 0;
  const times = [...orderTimes].map((t) => t.getTime()).sort((a, b) => a - b);
  const middle = times[Math.floor(times.length / 2)]!;
  await services.ledger.adjust(ctx, { amount: '-15.00', currency: ctx.shop.currency, reason: 'Chargeback fee', processedAt: new Date(times[0]! + 3_600_000) });
  const first = await services.payouts.run(ctx, new Date(middle));
  // The newest orders stay pending (the balance), the rest go in a second payout a day after the first at least.
  const second = await services.payouts.run(ctx, new Date(Math.max(times[Math.floor(times.length * 0.85)]!, middle + DAY)));
  return first.created.length + second.created.length;
}
