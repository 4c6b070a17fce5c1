import { LedgerService, PayoutsService } from '@platform/payments';
import { createCharge } from '@platform/payments/testing';
import { sqlDuring } from '../../support/sql.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { REST_LIMITS, type RestCall, adminTokenWith, contextOf, linkTo, restClient } from './admin-rest.js';

// GET platform_payments/balance/transactions.json and balance.json (spec 3): newest first by processed_at then id,
// the spec's filters, Link paging, scopes, hostile parameters, another shop's ledger never shown.
describe('REST balance transactions', () => {
  let t: TestApp;
  let acme: TestShop;
  let globex: TestShop;
  let rest: RestCall;
  /** Acme's transaction ids, newest first. */
  let newestFirst: number[];
  let payoutId: number;

  beforeAll(async () => {
    t = await createTestApp({}, REST_LIMITS);
    acme = await t.createShop('acme');
    globex = await t.createShop('globex');
    rest = restClient(t, acme);
    const ledger = t.app.get(LedgerService);
    const ctx = () => contextOf(t, acme);
    const at = (day: number) => new Date(Date.UTC(2026, 10, day, 12));
    // Two on the same instant: their order is by id, newest first.
    const ids = [
      await createCharge(ledger, ctx(), { amount: '100.00', processedAt: at(1) }),
      await createCharge(ledger, ctx(), { amount: '10.00', processedAt: at(2) }),
      await createCharge(ledger, ctx(), { amount: '20.00', processedAt: at(2) }),
    ];
    payoutId = (await t.app.get(PayoutsService).run(ctx(), at(3))).created[0]!.id;
    ids.push(await ledger.adjust(ctx(), { amount: '-1.50', currency: 'USD', reason: 'Chargeback fee', processedAt: at(4) }));
    ids.push((await ledger.recordRefund(ctx(), { orderId: 77, transactionId: 9_001, amount: '5.00', currency: 'USD', test: false, processedAt: at(5) }))!);
    ids.push(await createCharge(ledger, ctx(), { amount: '7.00', test: true, processedAt: at(6) }));
    const payoutRow = (await rest('GET', `platform_payments/balance/transactions.json?payout_id=${payoutId}&limit=250`)).body.transactions.find((x: { type: string }) => x.type === 'payout');
    newestFirst = [...ids, payoutRow.id].sort((a, b) => sortKey(b) - sortKey(a));
    function sortKey(id: number) {
      const day = id === payoutRow.id ? 3 : [1, 2, 2, 4, 5, 6][ids.indexOf(id)]!;
      return day * 1e9 + id;
    }
    await createCharge(ledger, contextOf(t, globex), { amount: '999.00' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const idsOf = (body: { transactions: { id: number }[] }) => body.transactions.map((x) => x.id);

  it('lists every transaction newest first, in the hosted shape', async () => {
    const res = await rest('GET', 'platform_payments/balance/transactions.json');
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual(newestFirst);
    const charge = res.body.transactions.find((x: { amount: string }) => x.amount === '100.00');
    expect(charge).toEqual({
      id: expect.any(Number),
      type: 'charge',
      test: false,
      payout_id: payoutId,
      payout_status: 'scheduled',
      currency: 'USD',
      amount: '100.00',
      fee: '3.20',
      net: '96.80',
      source_id: expect.any(Number),
      source_type: 'charge',
      source_order_id: expect.any(Number),
      source_order_transaction_id: expect.any(Number),
      processed_at: '2026-11-01T12:00:00.000Z',
      adjustment_order_transactions: null,
      adjustment_reason: null,
    });
    expect(res.headers.link).toBeUndefined();
  });

  it('filters by payout_id, payout_status, test, since_id and last_id', async () => {
    const get = async (query: string) => idsOf((await rest('GET', `platform_payments/balance/transactions.json?${query}`)).body);
    expect((await get(`payout_id=${payoutId}`)).length).toBe(4);
    expect((await rest('GET', 'platform_payments/balance/transactions.json?payout_status=pending')).body.transactions.map((x: { type: string }) => x.type).sort()).toEqual(['adjustment', 'charge', 'refund']);
    expect((await rest('GET', 'platform_payments/balance/transactions.json?test=true')).body.transactions.map((x: { amount: string }) => x.amount)).toEqual(['7.00']);
    const sorted = [...newestFirst].sort((a, b) => a - b);
    expect((await get(`since_id=${sorted[2]}`)).every((id) => id > sorted[2]!)).toBe(true);
    expect((await get(`last_id=${sorted[2]}`)).sort((a, b) => a - b)).toEqual(sorted.slice(0, 2));
    expect(await get('payout_id=999999')).toEqual([]);
  });

  it('pages by Link, forward and back, with the filters carried in page_info', async () => {
    const seen: number[] = [];
    let path: string | undefined = 'platform_payments/balance/transactions.json?limit=2';
    let last;
    while (path) {
      last = await rest('GET', path);
      expect(last.status).toBe(200);
      seen.push(...idsOf(last.body));
      path = linkTo(last.headers.link, 'next');
    }
    expect(seen).toEqual(newestFirst);
    const back = await rest('GET', linkTo(last!.headers.link, 'previous')!);
    expect(idsOf(back.body)).toEqual(newestFirst.slice(-2 - (newestFirst.length % 2 || 2), -(newestFirst.length % 2 || 2)));
    const filtered = await rest('GET', 'platform_payments/balance/transactions.json?payout_status=pending&limit=1');
    const next = await rest('GET', linkTo(filtered.headers.link, 'next')!);
    expect(next.body.transactions).toHaveLength(1);
    expect(next.body.transactions[0].payout_status).toBe('pending');
  });

  it('answers fields and reads a constant number of statements whatever the page size', async () => {
    const res = await rest('GET', 'platform_payments/balance/transactions.json?fields=id,net&limit=1');
    expect(Object.keys(res.body.transactions[0])).toEqual(['id', 'net']);
    await rest('GET', 'platform_payments/balance/transactions.json?limit=1');
    const one = await sqlDuring(() => rest('GET', 'platform_payments/balance/transactions.json?limit=1'));
    const all = await sqlDuring(() => rest('GET', 'platform_payments/balance/transactions.json?limit=250'));
    expect(all.statements.length).toBe(one.statements.length);
    expect(one.statements.length).toBeLessThanOrEqual(2);
  });

  it.each([
    'limit=0',
    'limit=251',
    'since_id=abc',
    'last_id=-1',
    'payout_id=1.5',
    'payout_id=99999999999999999999',
    'payout_status=unknown',
    'test=yes',
    'limit=1&limit=2',
    'payout_status=pending&payout_status=paid',
    'page_info=garbage',
    'page_info=eyJsYXN0X2lkIjoxfQ',
    'since_id=%00',
  ])('refuses %s with 400 naming the parameter', async (query) => {
    const res = await rest('GET', `platform_payments/balance/transactions.json?${query}`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors ?? {}).length > 0 || typeof res.body.errors === 'string').toBe(true);
  });

  it('refuses a filter beside a page_info', async () => {
    const first = await rest('GET', 'platform_payments/balance/transactions.json?limit=1');
    const info = new URL(`http://x${linkTo(first.headers.link, 'next')}`).searchParams.get('page_info');
    const res = await rest('GET', `platform_payments/balance/transactions.json?page_info=${info}&test=true`);
    expect(res).toMatchObject({ status: 400, body: { errors: { page_info: 'Invalid value.' } } });
  });

  it('answers the balance: the nets of live pending transactions per currency', async () => {
    // Pending: adjustment −1.50, refund −5.00, none of the test charge.
    expect((await rest('GET', 'platform_payments/balance.json')).body).toEqual({ balance: [{ amount: '-6.50', currency: 'USD' }] });
  });

  it('needs read_platform_payments_payouts for transactions and read_platform_payments for the balance', async () => {
    const orders = await adminTokenWith(t, acme, 'read_orders');
    const payments = await adminTokenWith(t, acme, 'read_platform_payments');
    const payouts = await adminTokenWith(t, acme, 'read_platform_payments_payouts');
    expect(await rest('GET', 'platform_payments/balance/transactions.json', undefined, { token: orders })).toMatchObject({
      status: 403,
      body: { errors: '[API] This action requires merchant approval for read_platform_payments_payouts scope.' },
    });
    expect((await rest('GET', 'platform_payments/balance/transactions.json', undefined, { token: payments })).status).toBe(403);
    expect((await rest('GET', 'platform_payments/balance/transactions.json', undefined, { token: payouts })).status).toBe(200);
    expect((await rest('GET', 'platform_payments/balance.json', undefined, { token: payouts })).status).toBe(403);
    expect((await rest('GET', 'platform_payments/balance.json', undefined, { token: payments })).status).toBe(200);
    expect((await rest('GET', 'platform_payments/balance.json', undefined, { token: null })).status).toBe(401);
  });

  it("never shows another shop's ledger", async () => {
    const theirs = await restClient(t, globex)('GET', 'platform_payments/balance/transactions.json');
    expect(theirs.body.transactions.map((x: { amount: string }) => x.amount)).toEqual(['999.00']);
    expect(theirs.body.transactions.some((x: { id: number }) => newestFirst.includes(x.id))).toBe(false);
    expect((await restClient(t, globex)('GET', `platform_payments/balance/transactions.json?payout_id=${payoutId}`)).body.transactions).toEqual([]);
  });
});
