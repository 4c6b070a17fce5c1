import pg from 'pg';
import { DomainEvents, EventsModule } from '@platform/events';
import { OrderPaid, OrderRefunded } from '@platform/orders';
import { LedgerDirectoryService, LedgerService, PaymentsModule, PayoutsService } from '@platform/payments';
import { createCharge } from '@platform/payments/testing';
import type { RequestContext } from '@platform/request';
import { ShopService, type ShopSnapshot } from '@platform/tenancy';
import { type ContextTestModule, createContextTestModule } from '../../support/context-test-module.js';

// The ledger on Postgres: bookings from events (once, however often delivered), operators' adjustments, payouts
// and their failures, the append-only trigger, and two payout runs at once.
describe('payments ledger on Postgres', () => {
  let t: ContextTestModule;
  let ledger: LedgerService;
  let payouts: PayoutsService;
  let directory: LedgerDirectoryService;
  let db: pg.Client;
  let shop: ShopSnapshot;
  let plus: ShopSnapshot;
  const ctx = (s: ShopSnapshot = shop): RequestContext => t.ctxOf(s);

  beforeAll(async () => {
    t = await createContextTestModule([EventsModule, PaymentsModule]);
    ledger = t.moduleRef.get(LedgerService);
    payouts = t.moduleRef.get(PayoutsService);
    directory = t.moduleRef.get(LedgerDirectoryService);
    await t.moduleRef.init();
    shop = await t.createShop('ledger-a');
    plus = await t.moduleRef.get(ShopService).create({ handle: 'ledger-plus', plan: 'plus' });
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const rowsOf = async (s: ShopSnapshot) => (await db.query('select type, amount::text, fee::text, net::text, payout_id, payout_status, source_id, source_type from balance_transactions where shop_id = $1 order by id', [s.id])).rows;

  it('books an OrderPaid as a charge less the plan fee, and an OrderRefunded as a negative refund without fee, once each', async () => {
    const c = ctx();
    const events = t.moduleRef.get(DomainEvents);
    const paid = new OrderPaid(501, 601, '100.00', 'USD', false, '2026-11-20T10:00:00Z');
    const refunded = new OrderRefunded(501, 701, 602, '40.00', 'USD', false, '2026-11-21T10:00:00Z');
    // At least once: the same events delivered twice book once.
    for (let i = 0; i < 2; i++) {
      await c.em.transactional(async () => {
        events.publish(c, paid);
        events.publish(c, refunded);
      });
    }
    expect(await rowsOf(shop)).toEqual([
      { type: 'charge', amount: '100.00', fee: '3.20', net: '96.80', payout_id: null, payout_status: 'pending', source_id: '601', source_type: 'charge' },
      { type: 'refund', amount: '-40.00', fee: '0.00', net: '-40.00', payout_id: null, payout_status: 'pending', source_id: '602', source_type: 'refund' },
    ]);
    expect(await directory.balance(c)).toEqual([{ amount: '56.80', currency: 'USD' }]);
  });

  it('takes the fee of the shop plan', async () => {
    await createCharge(ledger, ctx(plus), { amount: '100.00' });
    expect((await rowsOf(plus))[0]).toMatchObject({ fee: '2.70', net: '97.30' });
  });

  it('books nothing for an event whose transaction rolled back', async () => {
    const c = ctx();
    const before = (await rowsOf(shop)).length;
    await expect(
      c.em.transactional(async () => {
        t.moduleRef.get(DomainEvents).publish(c, new OrderPaid(502, 603, '10.00', 'USD', false, '2026-11-21T10:00:00Z'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await rowsOf(shop)).length).toBe(before);
  });

  it("books an operator's adjustment and reserve, refusing bad input", async () => {
    const processedAt = new Date('2026-11-21T12:00:00Z');
    await ledger.adjust(ctx(), { amount: '-5.25', currency: 'USD', reason: 'Chargeback fee', processedAt });
    await ledger.adjust(ctx(), { type: 'reserve', amount: '-10.00', currency: 'USD', reason: 'Rolling reserve', processedAt });
    await expect(ledger.adjust(ctx(), { amount: '1.005', currency: 'USD', reason: 'x' })).rejects.toMatchObject({ field: 'amount' });
    await expect(ledger.adjust(ctx(), { type: 'charge', amount: '1.00', currency: 'USD', reason: 'x' })).rejects.toMatchObject({ field: 'type' });
    expect(await directory.balance(ctx())).toEqual([{ amount: '41.55', currency: 'USD' }]);
  });

  it('refuses to change or delete a booked transaction, but lets a payout take it', async () => {
    const [row] = (await db.query('select id from balance_transactions where shop_id = $1 order by id limit 1', [shop.id])).rows;
    await expect(db.query('update balance_transactions set amount = 1 where id = $1', [row.id])).rejects.toThrow(/append-only/);
    await expect(db.query("update balance_transactions set type = 'credit' where id = $1", [row.id])).rejects.toThrow(/append-only/);
    await expect(db.query('delete from balance_transactions where id = $1', [row.id])).rejects.toThrow(/append-only/);
    await expect(db.query('truncate balance_transactions')).rejects.toThrow(/append-only/);
    await expect(db.query("insert into balance_transactions (shop_id, type, amount, fee, net, currency, processed_at) values ($1, 'adjustment', 1, 0, 2, 'USD', now())", [shop.id])).rejects.toThrow(/net_check/);
    // The payout linkage is what may change: the runs below move it.
  });

  it("goes with its shop: deleting a shop deletes its ledger and payouts", async () => {
    const gone = await t.createShop('ledger-gone');
    await createCharge(ledger, ctx(gone), { amount: '5.00' });
    await payouts.run(ctx(gone), new Date('2026-11-20T04:00:00Z'));
    await db.query('delete from shops where id = $1', [gone.id]);
    expect((await db.query('select count(*)::int as n from balance_transactions where shop_id = $1', [gone.id])).rows[0].n).toBe(0);
  });

  it('sweeps the pending balance into a scheduled payout, books the payout, then pays it once its day has passed', async () => {
    const day1 = new Date('2026-11-22T04:00:00Z');
    const first = await payouts.run(ctx(), day1);
    expect(first.created).toEqual([expect.objectContaining({ amount: '41.55', currency: 'USD', status: 'scheduled', date: '2026-11-22' })]);
    const payoutId = first.created[0]!.id;
    expect(await directory.balance(ctx())).toEqual([{ amount: '0.00', currency: 'USD' }]);
    const linked = (await rowsOf(shop)).filter((r) => r.payout_id === String(payoutId));
    expect(linked.map((r) => r.type)).toEqual(['charge', 'refund', 'adjustment', 'reserve', 'payout']);
    expect(linked.at(-1)).toMatchObject({ amount: '-41.55', net: '-41.55', payout_status: 'scheduled', source_type: 'payout', source_id: String(payoutId) });
    // The same day again: nothing pending, nothing paid.
    expect(await payouts.run(ctx(), day1)).toEqual({ created: [], paid: [] });
    const next = await payouts.run(ctx(), new Date('2026-11-23T04:00:00Z'));
    expect(next.paid.map((p) => [p.id, p.status])).toEqual([[payoutId, 'paid']]);
    expect((await rowsOf(shop)).filter((r) => r.payout_id === String(payoutId)).every((r) => r.payout_status === 'paid')).toBe(true);
  });

  it('returns the money of a failed payout to the balance as a payout_failure, for the next payout', async () => {
    // A charge processed after the run waits for the next one.
    await createCharge(ledger, ctx(), { amount: '1.00', processedAt: new Date('2026-11-24T05:00:00Z') });
    await createCharge(ledger, ctx(), { amount: '20.00', processedAt: new Date('2026-11-23T12:00:00Z') });
    const { created } = await payouts.run(ctx(), new Date('2026-11-24T04:00:00Z'));
    expect(created.map((p) => p.amount)).toEqual(['19.12']);
    const failed = await payouts.setStatus(ctx(), created[0]!.id, 'failed');
    expect(failed.status).toBe('failed');
    const rows = await rowsOf(shop);
    expect(rows.at(-1)).toMatchObject({ type: 'payout_failure', amount: created[0]!.amount, payout_status: 'pending', payout_id: null });
    expect(await directory.balance(ctx())).toEqual([{ amount: '19.79', currency: 'USD' }]);
    await expect(payouts.setStatus(ctx(), created[0]!.id, 'canceled')).rejects.toMatchObject({ code: 'INVALID_TRANSITION' });
    await expect(payouts.setStatus(ctx(plus), created[0]!.id, 'failed')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const again = await payouts.run(ctx());
    // The failed payout's money and the later charge (1.00 less its 0.33 fee).
    expect(again.created.map((p) => p.amount)).toEqual(['19.79']);
    await payouts.setStatus(ctx(), again.created[0]!.id, 'canceled');
    expect((await rowsOf(shop)).at(-1)).toMatchObject({ type: 'payout_cancellation', payout_status: 'pending' });
  });

  it('keeps test-mode money out of the balance and of payouts', async () => {
    const before = await directory.balance(ctx());
    await createCharge(ledger, ctx(), { amount: '50.00', test: true });
    expect(await directory.balance(ctx())).toEqual(before);
  });

  it('never lets two overlapping runs take a transaction twice', async () => {
    const racer = await t.createShop('ledger-race');
    for (let i = 0; i < 40; i++) await createCharge(ledger, ctx(racer), { amount: `${i + 1}.00`, currency: i % 2 ? 'USD' : 'CAD' });
    const at = new Date();
    const runs = await Promise.all([payouts.run(ctx(racer), at), payouts.run(ctx(racer), at), payouts.run(ctx(racer), at)]);
    const created = runs.flatMap((r) => r.created);
    expect(created.map((p) => p.currency).sort()).toEqual(['CAD', 'USD']);
    const { rows } = await db.query(
      `select p.id, p.amount::text, sum(t.net) filter (where t.type <> 'payout')::text as nets, count(*) filter (where t.type <> 'payout')::int as taken
         from payouts p join balance_transactions t on t.payout_id = p.id where p.shop_id = $1 group by p.id order by p.id`,
      [racer.id],
    );
    expect(rows.map((r) => r.amount)).toEqual(rows.map((r) => r.nets));
    expect(rows.reduce((n, r) => n + r.taken, 0)).toBe(40);
    // Nothing pending is left: the balance is zero in the shop's currency.
    expect(await directory.balance(ctx(racer))).toEqual([{ amount: '0.00', currency: racer.currency }]);
  });
});
