import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { REST_LIMITS, restClient } from './admin-rest.js';

// The seeded shop's ledger: its orders' charges and refunds (booked from their events), an adjustment, and two
// payouts, the first paid and the second scheduled; the same seed gives the same ledger.
describe('the demo ledger', () => {
  let t: TestApp;
  let shop: TestShop;

  beforeAll(async () => {
    t = await createTestApp({}, REST_LIMITS);
    shop = await t.seedShop('seeded', { products: 6, customers: 10, orders: 20, seed: 1 });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('has charges, refunds, an adjustment and a paid and a scheduled payout', async () => {
    const rest = restClient(t, shop);
    const transactions = (await rest('GET', 'platform_payments/balance/transactions.json?limit=250')).body.transactions as { type: string; amount: string; fee: string; net: string; payout_status: string }[];
    const types = new Set(transactions.map((x) => x.type));
    expect([...types].sort()).toEqual(['adjustment', 'charge', 'payout', 'refund']);
    const payouts = (await rest('GET', 'platform_payments/payouts.json')).body.payouts as { status: string }[];
    expect(payouts.map((p) => p.status)).toEqual(['scheduled', 'paid']);
    expect(transactions.filter((x) => x.type === 'charge').every((x) => Number(x.fee) > 0 && x.amount.startsWith('-') === false)).toBe(true);
    expect(transactions.filter((x) => x.type === 'refund').every((x) => x.amount.startsWith('-') && x.fee === '0.00')).toBe(true);
  });
});
