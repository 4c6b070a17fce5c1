import fc from 'fast-check';
import pg from 'pg';
import { EventsModule } from '@platform/events';
import { Decimal } from '@platform/money';
import { LedgerDirectoryService, LedgerService, PaymentsModule, PayoutsService } from '@platform/payments';
import type { ShopSnapshot } from '@platform/tenancy';
import { type ContextTestModule, createContextTestModule } from '../../support/context-test-module.js';

// The ledger's invariants, on Postgres, after random sequences of charges, refunds, adjustments, reserves, payouts
// and payout failures and cancellations: each sequence runs on a shop of its own, in one database.
//   - the balance equals the sum of nets of the live transactions no payout has taken;
//   - a transaction is in at most one payout (payout_id is one column; its payout's rows are counted once);
//   - each payout's amount is the sum of the nets of its transactions (its own `payout` row aside);
//   - net = amount − fee on every row.
type Op =
  | { kind: 'charge'; cents: number; currency: string; test: boolean }
  | { kind: 'refund'; cents: number; currency: string }
  | { kind: 'adjustment' | 'reserve'; cents: number; currency: string }
  | { kind: 'payout'; day: number }
  | { kind: 'fail' | 'cancel'; pick: number };

const currency = fc.constantFrom('USD', 'EUR');
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('charge' as const), cents: fc.integer({ min: 1, max: 5_000_000 }), currency, test: fc.integer({ min: 0, max: 9 }).map((n) => n === 0) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), cents: fc.integer({ min: 1, max: 2_000_000 }), currency }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('adjustment' as const, 'reserve' as const), cents: fc.integer({ min: -500_000, max: 500_000 }).filter((c) => c !== 0), currency }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('payout' as const), day: fc.integer({ min: 0, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('fail' as const, 'cancel' as const), pick: fc.nat() }) },
);

describe('payments ledger invariants (property, Postgres)', () => {
  let t: ContextTestModule;
  let ledger: LedgerService;
  let payouts: PayoutsService;
  let directory: LedgerDirectoryService;
  let db: pg.Client;
  let shops = 0;
  let sequence = 0;

  beforeAll(async () => {
    t = await createContextTestModule([EventsModule, PaymentsModule]);
    ledger = t.moduleRef.get(LedgerService);
    payouts = t.moduleRef.get(PayoutsService);
    directory = t.moduleRef.get(LedgerDirectoryService);
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  async function play(shop: ShopSnapshot, ops: Op[]): Promise<void> {
    const ctx = t.ctxOf(shop);
    const money = (cents: number) => new Decimal(cents).dividedBy(100).toFixed(2);
    let day = Date.UTC(2026, 10, 1, 4);
    for (const o of ops) {
      sequence += 1;
      const processedAt = new Date(day);
      switch (o.kind) {
        case 'charge':
          await ledger.recordCharge(ctx, { orderId: sequence, transactionId: sequence, amount: money(o.cents), currency: o.currency, test: o.test, processedAt });
          break;
        case 'refund':
          await ledger.recordRefund(ctx, { orderId: sequence, transactionId: sequence, amount: money(o.cents), currency: o.currency, test: false, processedAt });
          break;
        case 'adjustment':
        case 'reserve':
          await ledger.adjust(ctx, { type: o.kind, amount: money(o.cents), currency: o.currency, reason: 'property', processedAt });
          break;
        case 'payout':
          day += o.day * 86_400_000;
          await payouts.run(ctx, new Date(day));
          break;
        case 'fail':
        case 'cancel': {
          const { rows } = await db.query("select id from payouts where shop_id = $1 and status in ('scheduled', 'paid') order by id", [shop.id]);
          const target = rows[o.pick % Math.max(rows.length, 1)];
          if (!target) break;
          const status = o.kind === 'fail' ? 'failed' : 'canceled';
          // A paid payout can fail but not be canceled: the service refuses, and the ledger stays as it was.
          await payouts.setStatus(ctx, Number(target.id), status).catch((err: { code?: string }) => expect(err.code).toBe('INVALID_TRANSITION'));
        }
      }
    }
  }

  async function expectInvariants(shop: ShopSnapshot): Promise<void> {
    const pending = await db.query(
      `select currency, sum(net)::numeric(20, 2)::text as amount from balance_transactions
        where shop_id = $1 and payout_id is null and not test group by currency order by currency`,
      [shop.id],
    );
    const balance = await directory.balance(t.ctxOf(shop));
    expect(balance).toEqual(pending.rows.length > 0 ? pending.rows : [{ amount: '0.00', currency: shop.currency }]);
    const payoutSums = await db.query(
      `select p.id, p.amount::text as amount, p.currency,
              coalesce(sum(t.net) filter (where t.type <> 'payout'), 0)::numeric(20, 2)::text as nets,
              count(*) filter (where t.type = 'payout')::int as own,
              count(*) filter (where t.currency <> p.currency or t.test)::int as strays
         from payouts p left join balance_transactions t on t.payout_id = p.id and t.shop_id = p.shop_id
        where p.shop_id = $1 group by p.id order by p.id`,
      [shop.id],
    );
    for (const row of payoutSums.rows) expect({ id: row.id, amount: row.nets, own: row.own, strays: row.strays }).toEqual({ id: row.id, amount: row.amount, own: 1, strays: 0 });
    const broken = await db.query('select count(*)::int as n from balance_transactions where shop_id = $1 and net <> amount - fee', [shop.id]);
    expect(broken.rows[0].n).toBe(0);
    // Each source booked once, each payout's money returned at most once.
    const twice = await db.query('select count(*)::int as n from (select source_type, source_id from balance_transactions where shop_id = $1 and source_id is not null group by 1, 2 having count(*) > 1) d', [shop.id]);
    expect(twice.rows[0].n).toBe(0);
  }

  it('hold after random sequences of bookings and payouts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        shops += 1;
        const shop = await t.createShop(`prop-${shops}`);
        await play(shop, ops);
        await expectInvariants(shop);
      }),
      { numRuns: 600 },
    );
  }, 120_000);

  it('hold when payout runs overlap with bookings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 5, maxLength: 30 }), async (cents) => {
        shops += 1;
        const shop = await t.createShop(`race-${shops}`);
        const ctx = () => t.ctxOf(shop);
        const at = new Date(Date.UTC(2026, 10, 24, 4));
        const bookings = cents.map((c, i) =>
          ledger.recordCharge(ctx(), { orderId: i + 1, transactionId: i + 1, amount: new Decimal(c).dividedBy(100).toFixed(2), currency: 'USD', test: false, processedAt: at }),
        );
        await Promise.all([...bookings.slice(0, 3), payouts.run(ctx(), at), ...bookings.slice(3), payouts.run(ctx(), at)]);
        await payouts.run(ctx(), at);
        await expectInvariants(shop);
        // Whatever is left pending is not payable: a small charge's fee can make its net negative.
        const left = await db.query('select coalesce(sum(net), 0)::text as sum from balance_transactions where shop_id = $1 and payout_id is null', [shop.id]);
        expect(new Decimal(left.rows[0].sum).lessThanOrEqualTo(0)).toBe(true);
      }),
      { numRuns: 30 },
    );
  }, 60_000);
});
