import { AuthService } from '@platform/auth';
import { createCustomer } from '@platform/customers/testing';
import { createOrder } from '@platform/orders/testing';
import { SystemContexts } from '@platform/request';
import { sqlDuring } from '../../support/sql.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { adminQuery } from '../../support/http.js';

type Gql = { status: number; data?: any; errors?: any; extensions?: any };

const PAGE = `query($first: Int, $after: String, $last: Int, $before: String, $query: String, $sortKey: OrderSortKeys, $reverse: Boolean) {
  orders(first: $first, after: $after, last: $last, before: $before, query: $query, sortKey: $sortKey, reverse: $reverse) {
    edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage } } }`;

// The admin orders reads: search with the hosted syntax, every sort key with cursors both ways, one order with its
// lines, refunds and transactions, counts, scopes, another shop, and statements that do not grow with the page size.
describe('admin GraphQL orders: reads', () => {
  let t: TestApp;
  let shop: TestShop;
  let other: TestShop;
  let customerId: number;
  let foreignOrder: number;
  /** In id order: 0 partially refunded + fulfilled, 1 closed paid, 2 cancelled, 3 authorized, 4 pending guest, 5 paid partial. */
  let orders: { id: number; name: string }[];
  const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

  beforeAll(async () => {
    const raised = { capacity: 1e9, leakPerSecond: 1e9 };
    t = await createTestApp({}, { adminGraphql: raised });
    shop = await t.createShop('acme');
    other = await t.createShop('other');
    const ctx = t.app.get(SystemContexts).forShop(shop.shop);
    customerId = (await createCustomer(ctx, { email: 'buyer@example.com', firstName: 'Bob', lastName: 'Norman' })).id;
    const lines = (price: string) => [
      { title: 'Lamp', variantTitle: 'Red', quantity: 2, price, sku: 'LAMP-RED' },
      { title: 'Bulb', quantity: 3, price: '2.00' },
      { title: 'Shade', quantity: 1, price: '5.00', sku: 'SHADE' },
    ];
    orders = [];
    for (const traits of [
      {
        customerId,
        processedAt: day(3),
        lineItems: lines('30.00'),
        totalTax: '7.10',
        email: 'buyer@example.com',
        financialStatus: 'partially_refunded' as const,
        fulfillmentStatus: 'fulfilled' as const,
        note: 'Leave at the door',
        refunds: [{ processedAt: day(4), note: 'Broken bulb', lineItems: [{ line: 1, quantity: 1, restockType: 'return' as const }] }],
      },
      { customerId, processedAt: day(1), lineItems: lines('10.00'), closedAt: day(2), financialStatus: 'paid' as const },
      { customerId, processedAt: day(5), lineItems: lines('20.00'), cancelledAt: day(6), cancelReason: 'fraud' as const, financialStatus: 'voided' as const },
      { customerId, processedAt: day(2), lineItems: lines('50.00'), financialStatus: 'authorized' as const },
      { processedAt: day(7), lineItems: lines('40.00'), email: 'guest@example.org', test: true },
      { customerId, processedAt: day(6), lineItems: lines('60.00'), financialStatus: 'paid' as const, fulfillmentStatus: 'partial' as const, fulfillments: [{ lineItems: [{ line: 0, quantity: 1 }] }] },
    ]) {
      orders.push(await createOrder(ctx, traits));
    }
    foreignOrder = (await createOrder(t.app.get(SystemContexts).forShop(other.shop), { processedAt: day(1) })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const gqlAs = async (token: string, query: string, variables: Record<string, unknown> = {}, target: TestShop = shop): Promise<Gql> => {
    const res = await adminQuery(t.app, target.host, token, query, { variables });
    return { status: res.status, ...res.body };
  };
  const gql = (query: string, variables: Record<string, unknown> = {}) => gqlAs(shop.tokens.adminAccessToken, query, variables);
  const gid = (i: number) => `gid://platform/Order/${orders[i]!.id}`;
  const gids = (...indexes: number[]) => indexes.map(gid);
  const tokenWith = async (scopes: string) => (await t.app.get(AuthService).installApp(shop.shop.id, `app ${scopes}`, scopes)).adminAccessToken;

  async function walk(variables: Record<string, unknown>, size: number, direction: 'forward' | 'backward'): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 20; i++) {
      const page: Gql = await gql(PAGE, direction === 'forward' ? { ...variables, first: size, after: cursor } : { ...variables, last: size, before: cursor });
      expect(page.errors).toBeUndefined();
      const { edges, pageInfo } = page.data.orders;
      const got = edges.map((e: { node: { id: string } }) => e.node.id);
      if (direction === 'forward') ids.push(...got);
      else ids.unshift(...got);
      if (!(direction === 'forward' ? pageInfo.hasNextPage : pageInfo.hasPreviousPage)) break;
      cursor = direction === 'forward' ? edges.at(-1).cursor : edges[0].cursor;
    }
    return ids;
  }

  it.each([
    ['PROCESSED_AT', [1, 3, 0, 2, 5, 4]],
    ['ID', [0, 1, 2, 3, 4, 5]],
    ['ORDER_NUMBER', [0, 1, 2, 3, 4, 5]],
    ['CREATED_AT', [1, 3, 0, 2, 5, 4]],
    ['TOTAL_PRICE', [1, 2, 0, 4, 3, 5]],
    ['FINANCIAL_STATUS', [3, 1, 5, 0, 4, 2]],
    ['FULFILLMENT_STATUS', [0, 5, 1, 2, 3, 4]],
  ])('walks every order by %s, forward and back, reversed too, by cursors of pages of 2', async (sortKey, order) => {
    const expected = gids(...order);
    expect(await walk({ sortKey }, 2, 'forward')).toEqual(expected);
    expect(await walk({ sortKey }, 2, 'backward')).toEqual(expected);
    expect(await walk({ sortKey, reverse: true }, 2, 'forward')).toEqual([...expected].reverse());
  });

  it.each([
    ['financial_status:paid', [1, 5]],
    ['fulfillment_status:shipped', [0]],
    ['fulfillment_status:unfulfilled', [1, 2, 3, 4, 5]],
    ['status:open', [0, 3, 4, 5]],
    ['status:cancelled', [2]],
    ['status:closed', [1]],
    ['cancel_reason:fraud', [2]],
    ['email:guest@', [4]],
    ['test:true', [4]],
    ['sku:SHADE financial_status:authorized', [3]],
    ['gateway:manual -financial_status:paid', [0, 2, 3]],
    ['processed_at:>=2026-01-05', [2, 4, 5]],
    ['created_at:<2026-01-03', [1, 3]],
    ['financial_status:paid OR financial_status:authorized', [1, 3, 5]],
    ['-status:open', [1, 2]],
  ])('searches %s', async (query, expected) => {
    expect(await walk({ query, sortKey: 'ID' }, 250, 'forward')).toEqual(gids(...expected));
    const count = await gql('query($q: String) { ordersCount(query: $q) { count precision } }', { q: query });
    expect(count.data.ordersCount).toEqual({ count: expected.length, precision: 'EXACT' });
  });

  it('finds an order by its name, with or without #, by customer and id, and by words', async () => {
    const name = orders[2]!.name;
    expect(await walk({ query: `name:${name}` }, 10, 'forward')).toEqual(gids(2));
    expect(await walk({ query: `name:${name.slice(1)}` }, 10, 'forward')).toEqual(gids(2));
    expect(await walk({ query: `customer_id:${customerId}`, sortKey: 'ID' }, 10, 'forward')).toEqual(gids(0, 1, 2, 3, 5));
    expect(await walk({ query: `id:${orders[3]!.id}` }, 10, 'forward')).toEqual(gids(3));
    expect(await walk({ query: 'door', sortKey: 'RELEVANCE' }, 10, 'forward')).toEqual(gids(0));
    expect((await gql('{ ordersCount { count } }')).data.ordersCount.count).toBe(6);
  });

  it('answers one order with the hosted names, its lines, refunds, transactions and customer', async () => {
    const res = await gql(`query($id: ID!) { order(id: $id) {
      id legacyResourceId name email createdAt processedAt closed closedAt cancelledAt cancelReason note test
      displayFinancialStatus displayFulfillmentStatus currencyCode presentmentCurrencyCode
      totalPriceSet { shopMoney { amount currencyCode } presentmentMoney { amount currencyCode } }
      subtotalPriceSet { shopMoney { amount } } totalTaxSet { shopMoney { amount } } totalDiscountsSet { shopMoney { amount } }
      totalRefundedSet { shopMoney { amount } }
      currentSubtotalPriceSet { shopMoney { amount } } currentTotalDiscountsSet { shopMoney { amount } } currentShippingPriceSet { shopMoney { amount } }
      currentTotalTaxSet { shopMoney { amount } } currentTotalPriceSet { shopMoney { amount currencyCode } }
      lineItems(first: 2) { edges { node { title variantTitle quantity currentQuantity unfulfilledQuantity sku originalUnitPriceSet { shopMoney { amount } } } } pageInfo { hasNextPage } }
      refunds(first: 5) { legacyResourceId note totalRefundedSet { shopMoney { amount } }
        refundLineItems(first: 5) { edges { node { quantity restockType restocked subtotalSet { shopMoney { amount } } totalTaxSet { shopMoney { amount } } } } }
        transactions(first: 5) { edges { node { kind status amountSet { shopMoney { amount } } } } } }
      transactions(first: 10) { kind status gateway test amountSet { shopMoney { amount } } }
      customer { id email }
    } }`, { id: gid(0) });
    expect(res.errors).toBeUndefined();
    const currency = shop.shop.currency;
    expect(res.data.order).toEqual({
      id: gid(0),
      legacyResourceId: String(orders[0]!.id),
      name: orders[0]!.name,
      email: 'buyer@example.com',
      createdAt: '2026-01-03T12:00:00.000Z',
      processedAt: '2026-01-03T12:00:00.000Z',
      closed: false,
      closedAt: null,
      cancelledAt: null,
      cancelReason: null,
      note: 'Leave at the door',
      test: false,
      displayFinancialStatus: 'PARTIALLY_REFUNDED',
      displayFulfillmentStatus: 'FULFILLED',
      currencyCode: currency,
      presentmentCurrencyCode: currency,
      totalPriceSet: { shopMoney: { amount: '78.10', currencyCode: currency }, presentmentMoney: { amount: '78.10', currencyCode: currency } },
      subtotalPriceSet: { shopMoney: { amount: '71.00' } },
      totalTaxSet: { shopMoney: { amount: '7.10' } },
      totalDiscountsSet: { shopMoney: { amount: '0.00' } },
      totalRefundedSet: { shopMoney: { amount: '2.20' } },
      // The refunded bulb (2.00 and its 0.20 tax) is out of the current totals.
      currentSubtotalPriceSet: { shopMoney: { amount: '69.00' } },
      currentTotalDiscountsSet: { shopMoney: { amount: '0.00' } },
      currentShippingPriceSet: { shopMoney: { amount: '0.00' } },
      currentTotalTaxSet: { shopMoney: { amount: '6.90' } },
      currentTotalPriceSet: { shopMoney: { amount: '75.90', currencyCode: currency } },
      lineItems: {
        edges: [
          { node: { title: 'Lamp', variantTitle: 'Red', quantity: 2, currentQuantity: 2, unfulfilledQuantity: 0, sku: 'LAMP-RED', originalUnitPriceSet: { shopMoney: { amount: '30.00' } } } },
          { node: { title: 'Bulb', variantTitle: null, quantity: 3, currentQuantity: 2, unfulfilledQuantity: 0, sku: null, originalUnitPriceSet: { shopMoney: { amount: '2.00' } } } },
        ],
        pageInfo: { hasNextPage: true },
      },
      refunds: [
        {
          legacyResourceId: expect.any(String),
          note: 'Broken bulb',
          totalRefundedSet: { shopMoney: { amount: '2.20' } },
          refundLineItems: { edges: [{ node: { quantity: 1, restockType: 'RETURN', restocked: true, subtotalSet: { shopMoney: { amount: '2.00' } }, totalTaxSet: { shopMoney: { amount: '0.20' } } } }] },
          transactions: { edges: [{ node: { kind: 'REFUND', status: 'SUCCESS', amountSet: { shopMoney: { amount: '2.20' } } } }] },
        },
      ],
      transactions: [
        { kind: 'SALE', status: 'SUCCESS', gateway: 'manual', test: false, amountSet: { shopMoney: { amount: '78.10' } } },
        { kind: 'REFUND', status: 'SUCCESS', gateway: 'manual', test: false, amountSet: { shopMoney: { amount: '2.20' } } },
      ],
      customer: { id: `gid://platform/Customer/${customerId}`, email: 'buyer@example.com' },
    });
    const cancelled = await gql('query($id: ID!) { order(id: $id) { cancelReason closed customer { id } } }', { id: gid(2) });
    expect(cancelled.data.order).toEqual({ cancelReason: 'FRAUD', closed: false, customer: { id: `gid://platform/Customer/${customerId}` } });
    const guest = await gql('query($id: ID!) { order(id: $id) { customer { id } test } }', { id: gid(4) });
    expect(guest.data.order).toEqual({ customer: null, test: true });
  });

  it('pages an order\'s lines by cursor, and finds an order as a node', async () => {
    const first = await gql('query($id: ID!) { order(id: $id) { lineItems(first: 2) { edges { cursor node { title } } } } }', { id: gid(1) });
    const cursor = first.data.order.lineItems.edges[1].cursor;
    const rest = await gql('query($id: ID!, $after: String) { order(id: $id) { lineItems(first: 2, after: $after) { edges { node { title } } pageInfo { hasNextPage hasPreviousPage } } } }', { id: gid(1), after: cursor });
    expect(rest.data.order.lineItems).toEqual({ edges: [{ node: { title: 'Shade' } }], pageInfo: { hasNextPage: false, hasPreviousPage: true } });
    const node = await gql('query($id: ID!) { node(id: $id) { ... on Order { name } } }', { id: gid(1) });
    expect(node.data.node).toEqual({ name: orders[1]!.name });
  });

  it("answers null for another shop's order and refuses a cursor of another sort key", async () => {
    const foreign = await gql('query($id: ID!) { order(id: $id) { id } }', { id: `gid://platform/Order/${foreignOrder}` });
    expect(foreign.data.order).toBeNull();
    expect((await gql(PAGE, { first: 250, sortKey: 'ID' })).data.orders.edges).toHaveLength(6);
    const page = await gql(PAGE, { first: 1, sortKey: 'TOTAL_PRICE' });
    const wrong = await gql(PAGE, { first: 1, sortKey: 'PROCESSED_AT', after: page.data.orders.edges[0].cursor });
    expect(wrong.errors[0]).toMatchObject({ message: 'Invalid cursor for after' });
    const bad = await gql('query($id: ID!) { order(id: $id) { id } }', { id: 'gid://platform/Customer/1' });
    expect(bad.errors).toBeDefined();
  });

  it('needs read_orders for the roots, and read_customers for the customer', async () => {
    const token = await tokenWith('read_customers');
    const res = await gqlAs(token, '{ orders(first: 1) { edges { node { id } } } }');
    expect(res.errors?.[0]?.extensions?.code).toBe('ACCESS_DENIED');
    const count = await gqlAs(token, '{ ordersCount { count } }');
    expect(count.errors?.[0]?.extensions?.code).toBe('ACCESS_DENIED');
    const ordersOnly = await tokenWith('read_orders');
    const noCustomer = await gqlAs(ordersOnly, 'query($id: ID!) { order(id: $id) { name customer { id } } }', { id: gid(0) });
    expect(noCustomer.errors?.[0]?.extensions?.code).toBe('ACCESS_DENIED');
    expect((await gqlAs(ordersOnly, 'query($id: ID!) { order(id: $id) { name } }', { id: gid(0) })).data.order.name).toBe(orders[0]!.name);
  });

  it('answers hostile queries without a 500', async () => {
    for (const query of ['name:"#1001', '((((', 'processed_at:>notadate', 'id:>99999999999999999999999', 'sku:*', 'x'.repeat(6000)]) {
      const res = await gql(PAGE, { first: 5, query });
      expect({ query: query.slice(0, 20), status: res.status, errors: res.errors }).toEqual({ query: query.slice(0, 20), status: 200, errors: undefined });
    }
    const nul = await gql(PAGE, { first: 5, query: 'financial_status:\u0000paid' });
    expect(nul.errors).toEqual([{ message: 'query must not contain NUL bytes (U+0000).', extensions: { code: 'BAD_USER_INPUT', argument: 'query' } }]);
    const tooMany = await gql('{ orders(first: 251) { edges { node { id } } } }');
    expect(tooMany.errors?.[0]?.extensions?.code).toBeDefined();
  });

  it('reads orders, their lines, refunds (and the current totals from them) and transactions in one statement per level, whatever the page size', async () => {
    const query = `query($first: Int) { orders(first: $first, sortKey: ID) { edges { node { name totalRefundedSet { shopMoney { amount } } currentTotalPriceSet { shopMoney { amount } }
      lineItems(first: 5) { edges { node { title sku } } } refunds(first: 2) { note } transactions(first: 2) { kind } } } } }`;
    await gql(query, { first: 1 });
    const one = await sqlDuring(() => gql(query, { first: 1 }));
    const all = await sqlDuring(() => gql(query, { first: 50 }));
    expect(all.result.data.orders.edges).toHaveLength(6);
    expect(all.statements.length).toBe(one.statements.length);
    // Orders, lines, refunds, transactions.
    expect(one.statements.filter((s) => !/^(begin|commit|rollback|set )/i.test(s.trim())).length).toBeLessThanOrEqual(4);
  });
});
