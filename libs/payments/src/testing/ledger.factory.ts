import type { RequestContext } from '@platform/request';
import type { LedgerService } from '../ledger.service.js';

let sequence = 0;

/** A paid order's charge booked straight into the ledger (as the OrderPaid handler does); its transaction id. */
export async function createCharge(ledger: LedgerService, ctx: RequestContext, overrides: { amount?: string; currency?: string; orderId?: number; transactionId?: number; test?: boolean; processedAt?: Date } = {}): Promise<number> {
  sequence += 1;
  const id = await ledger.recordCharge(ctx, {
    orderId: overrides.orderId ?? 900_000 + sequence,
    transactionId: overrides.transactionId ?? 800_000 + sequence,
    amount: overrides.amount ?? '100.00',
    currency: overrides.currency ?? ctx.shop.currency,
    test: overrides.test ?? false,
    processedAt: overrides.processedAt ?? new Date(),
  });
  if (id === null) throw new Error('createCharge: the charge was booked already');
  return id;
}
