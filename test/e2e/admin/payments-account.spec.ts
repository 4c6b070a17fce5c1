import { AuthService } from '@platform/auth';
import { LedgerService, PayoutsService } from '@platform/payments';
import { createCharge } from '@platform/payments/testing';
import { adminQuery } from '../../support/http.js';
import { sqlDuring } from '../../support/sql.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { contextOf } from '../rest/admin-rest.js';

// platformPaymentsAccount on the admin schema: the balance, balance transactions (query filters, sort keys,
// paging) and payouts, with their scopes, hostile arguments and another shop's ledger never shown.
describe('admin GraphQL platformPaymentsAccount', () => {
  let t: TestApp;
  let acme: TestShop;
  let globex: TestShop;
  let payoutId: number;
  let foreignPayoutId: number;

  const raised = { capacity: 1e9, leakPerSecond: 1e9 };
  const query = async (q: string, variables: Record<string, unknown> = {}, options: { shop?: TestShop; token?: string } = {}) => {
    const shop = options.shop ?? acme;
    const res = await adminQuery(t.app, shop.host, options.token ?? shop.tokens.adminAccessToken, q, { variables });
    return res.body;
  };

  beforeAll(async () => {
    t = await createTestApp({}, { adminGraphql: raised, rest: raised });
    acme = await t.createShop('acme');
    globex = await t.createShop('globex');
    const ledger = t.app.get(LedgerService);
    const at = (day: number) => new Date(Date.UTC(2026, 10, day, 12));
    await createCharge(ledger, contextOf(t, acme), { amount: '100.00', processedAt: at(1), orderId: 42 });
    await createCharge(ledger, contextOf(t, acme), { amount: '50.00', processedAt: at(2) });
    payoutId = (await t.app.get(PayoutsService).run(contextOf(t, acme), at(3))).created[0]!.id;
    await ledger.adjust(contextOf(t, acme), { amount: '-2.00', currency: 'USD', reason: 'Chargeback fee', processedAt: at(4) });
    await createCharge(ledger, contextOf(t, acme), { amount: '10.00', processedAt: at(5), test: true });
    await createCharge(ledger, contextOf(t, globex), { amount: '999.00', processedAt: at(1) });
    foreignPayoutId = (await t.app.get(PayoutsService).run(contextOf(t, globex), at(3))).created[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the balance and the transactions newest first, in the hosted names', async () => {
    const body = await query(`{ platformPaymentsAccount {
      balance { amount currencyCode }
      balanceTransactions(first: 10) { nodes { type amount { amount currencyCode } fee { amount } net { amount } test transactionDate
        associatedPayout { id status } sourceType sourceId adjustmentReason associatedOrder { id name } } pageInfo { hasNextPage } }
    } }`);
    expect(body.errors).toBeUndefined();
    const account = body.data.platformPaymentsAccount;
    // Pending: the adjustment only (the test-mode charge never counts). Decimal writes it in its own form.
    expect(account.balance).toEqual([{ amount: expect.stringMatching(/^-2(\.0+)?$/), currencyCode: 'USD' }]);
    const nodes = account.balanceTransactions.nodes;
    expect(nodes.map((n: { type: string }) => n.type)).toEqual(['CHARGE', 'ADJUSTMENT', 'PAYOUT', 'CHARGE', 'CHARGE']);
    expect(nodes[1]).toMatchObject({ adjustmentReason: 'Chargeback fee', associatedPayout: { id: null, status: null }, sourceType: 'ADJUSTMENT', sourceId: null, associatedOrder: null, test: false });
    expect(nodes[4]).toMatchObject({
      amount: { currencyCode: 'USD' },
      associatedPayout: { id: `gid://platform/PlatformPaymentsPayout/${payoutId}`, status: 'SCHEDULED' },
      sourceType: 'CHARGE',
      sourceId: expect.stringMatching(/^\d+$/),
      transactionDate: '2026-11-01T12:00:00.000Z',
    });
    expect(Number(nodes[4].amount.amount)).toBe(100);
    expect(Number(nodes[4].fee.amount)).toBeCloseTo(3.2);
    expect(nodes[0].test).toBe(true);
  });

  it('filters by query and sorts by the hosted keys, with reverse', async () => {
    const types = async (args: string) =>
      (await query(`{ platformPaymentsAccount { balanceTransactions(first: 20, ${args}) { nodes { type test } } } }`)).data.platformPaymentsAccount.balanceTransactions.nodes.map((n: { type: string }) => n.type);
    expect(await types(`query: "payout_id:${payoutId}"`)).toEqual(['PAYOUT', 'CHARGE', 'CHARGE']);
    expect(await types('query: "payout_status:pending"')).toEqual(['CHARGE', 'ADJUSTMENT']);
    expect(await types('query: "test:false AND type:charge"')).toEqual(['CHARGE', 'CHARGE']);
    expect(await types('query: "payout_status:nonsense"')).toEqual([]);
    expect(await types('sortKey: AMOUNT')).toEqual(['PAYOUT', 'ADJUSTMENT', 'CHARGE', 'CHARGE', 'CHARGE']);
    expect(await types('reverse: true')).toEqual(['CHARGE', 'CHARGE', 'PAYOUT', 'ADJUSTMENT', 'CHARGE']);
  });

  it('pages with cursors, forward and back, and refuses another list\'s cursor', async () => {
    const first = await query('{ platformPaymentsAccount { balanceTransactions(first: 2) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } } } }');
    const page1 = first.data.platformPaymentsAccount.balanceTransactions;
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const second = await query('query($after: String) { platformPaymentsAccount { balanceTransactions(first: 2, after: $after) { edges { node { id } } pageInfo { hasPreviousPage } } } }', { after: page1.pageInfo.endCursor });
    expect(second.data.platformPaymentsAccount.balanceTransactions.pageInfo.hasPreviousPage).toBe(true);
    const seen = [...page1.edges, ...second.data.platformPaymentsAccount.balanceTransactions.edges].map((e: { node: { id: string } }) => e.node.id);
    expect(new Set(seen).size).toBe(4);
    const wrong = await query('query($after: String) { platformPaymentsAccount { payouts(first: 2, after: $after) { nodes { id } } } }', { after: page1.pageInfo.endCursor });
    expect(wrong.errors[0].message).toMatch(/Invalid cursor/);
    const sorted = await query('query($after: String) { platformPaymentsAccount { balanceTransactions(first: 2, after: $after, sortKey: ID) { nodes { id } } } }', { after: page1.pageInfo.endCursor });
    expect(sorted.errors[0].message).toMatch(/Invalid cursor/);
  });

  it('answers payouts, and a payout by node id', async () => {
    const body = await query('{ platformPaymentsAccount { payouts(first: 5) { nodes { id legacyResourceId status net { amount currencyCode } transactionType issuedAt } } } }');
    expect(body.data.platformPaymentsAccount.payouts.nodes).toEqual([
      { id: `gid://platform/PlatformPaymentsPayout/${payoutId}`, legacyResourceId: String(payoutId), status: 'SCHEDULED', net: { amount: expect.any(String), currencyCode: 'USD' }, transactionType: 'DEPOSIT', issuedAt: expect.any(String) },
    ]);
    expect(Number(body.data.platformPaymentsAccount.payouts.nodes[0].net.amount)).toBeCloseTo(145.05);
    expect((await query(`{ platformPaymentsAccount { payouts(first: 5, query: "status:paid") { nodes { id } } } }`)).data.platformPaymentsAccount.payouts.nodes).toEqual([]);
    const node = await query('query($id: ID!) { node(id: $id) { ... on PlatformPaymentsPayout { status } } }', { id: `gid://platform/PlatformPaymentsPayout/${payoutId}` });
    expect(node.data.node).toEqual({ status: 'SCHEDULED' });
  });

  it('reads one statement per list whatever its size', async () => {
    const list = (n: number) => `{ platformPaymentsAccount { balanceTransactions(first: ${n}) { nodes { id net { amount } associatedPayout { status } } } } }`;
    await query(list(1));
    const one = await sqlDuring(() => query(list(1)));
    const many = await sqlDuring(() => query(list(250)));
    expect(many.statements.length).toBe(one.statements.length);
    const withOrders = await sqlDuring(() => query('{ platformPaymentsAccount { balanceTransactions(first: 250) { nodes { associatedOrder { name } } } } }'));
    expect(withOrders.statements.length).toBeLessThanOrEqual(one.statements.length + 1);
  });

  it('needs read_platform_payments for the account and read_platform_payments_payouts for its lists', async () => {
    const install = (scopes: string) => t.app.get(AuthService).installApp(acme.shop.id, `with ${scopes}`, scopes).then((a) => a.adminAccessToken);
    const orders = await install('read_orders');
    const payments = await install('read_platform_payments');
    const denied = await query('{ platformPaymentsAccount { balance { amount } } }', {}, { token: orders });
    expect(denied.errors[0].extensions).toMatchObject({ code: 'ACCESS_DENIED', requiredAccess: 'read_platform_payments' });
    expect((await query('{ platformPaymentsAccount { balance { amount } } }', {}, { token: payments })).data.platformPaymentsAccount.balance).toHaveLength(1);
    // The lists are non-null connections (as hosted): a denied one nulls the account, with an error for each.
    const partial = await query('{ platformPaymentsAccount { balance { amount } balanceTransactions(first: 1) { nodes { id } } payouts(first: 1) { nodes { id } } } }', {}, { token: payments });
    expect(partial.data.platformPaymentsAccount).toBeNull();
    expect(partial.errors[0]).toMatchObject({ path: ['platformPaymentsAccount', 'balanceTransactions'], extensions: { code: 'ACCESS_DENIED', requiredAccess: 'read_platform_payments_payouts' } });
    const payouts = await query('{ platformPaymentsAccount { payouts(first: 1) { nodes { id } } } }', {}, { token: payments });
    expect(payouts.errors[0]).toMatchObject({ path: ['platformPaymentsAccount', 'payouts'], extensions: { code: 'ACCESS_DENIED', requiredAccess: 'read_platform_payments_payouts' } });
  });

  it.each([
    ['first: -1', /first/],
    ['first: 251', /first|250/],
    ['after: "garbage"', /Invalid cursor/],
    [`query: "${'x'.repeat(6000)}"`, null],
    ['query: "id:>abc processed_at:>not-a-date amount:<x"', null],
    ['query: "\\u0000"', null],
  ])('answers hostile arguments (%s) without a 500', async (args, error) => {
    const res = await adminQuery(t.app, acme.host, acme.tokens.adminAccessToken, `{ platformPaymentsAccount { balanceTransactions(${args}${args.startsWith('first') ? '' : ', first: 5'}) { nodes { id } } } }`);
    expect(res.status).toBeLessThan(500);
    if (error) expect(JSON.stringify(res.body.errors)).toMatch(error);
    else expect(res.body.errors ?? []).toEqual(res.body.errors ? expect.any(Array) : []);
  });

  it("never shows another shop's ledger or payouts", async () => {
    const mine = await query('{ platformPaymentsAccount { balanceTransactions(first: 50) { nodes { amount { amount } } } payouts(first: 50) { nodes { id } } } }');
    expect(JSON.stringify(mine.data)).not.toContain('999');
    expect(mine.data.platformPaymentsAccount.payouts.nodes.map((p: { id: string }) => p.id)).not.toContain(`gid://platform/PlatformPaymentsPayout/${foreignPayoutId}`);
    const node = await query('query($id: ID!) { node(id: $id) { id } }', { id: `gid://platform/PlatformPaymentsPayout/${foreignPayoutId}` });
    expect(node.data.node).toBeNull();
    const filtered = await query(`{ platformPaymentsAccount { balanceTransactions(first: 5, query: "payout_id:${foreignPayoutId}") { nodes { id } } } }`);
    expect(filtered.data.platformPaymentsAccount.balanceTransactions.nodes).toEqual([]);
  });
});
