import { createCustomer } from '@platform/customers/testing';
import { createOrder } from '@platform/orders/testing';
import { sqlDuring } from '../../support/sql.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { REST_LIMITS, type RestCall, adminTokenWith, contextOf, linkTo, restClient } from './admin-rest.js';

// `GET customers/{id}/orders.json` (spec 3): the status filter, the order object with its money pairs and lines,
// Link paging, unknown and foreign customers, and statements that do not grow with the page size.

// The same object as GET orders.json (test/e2e/rest/orders.spec.ts checks it whole).
const ORDER_KEYS = [
  'id', 'admin_graphql_api_id', 'cancel_reason', 'cancelled_at', 'closed_at', 'created_at', 'currency', 'email', 'financial_status',
  'fulfillment_status', 'name', 'note', 'order_number', 'presentment_currency', 'processed_at', 'subtotal_price', 'subtotal_price_set',
  'test', 'total_discounts', 'total_discounts_set', 'total_line_items_price', 'total_line_items_price_set', 'total_price', 'total_price_set',
  'total_shipping_price_set', 'total_tax', 'total_tax_set', 'updated_at', 'billing_address', 'customer', 'fulfillments', 'line_items',
  'refunds', 'shipping_address', 'shipping_lines',
];

describe("REST a customer's orders", () => {
  let t: TestApp;
  let acme: TestShop;
  let globex: TestShop;
  let rest: RestCall;
  let customerId: number;
  let loneCustomerId: number;
  let foreignCustomerId: number;
  /** open, closed, cancelled, open, open: in id order. */
  let orders: { id: number; name: string }[];

  beforeAll(async () => {
    t = await createTestApp({}, REST_LIMITS);
    acme = await t.createShop('acme');
    globex = await t.createShop('globex');
    rest = restClient(t, acme);
    const ctx = contextOf(t, acme);
    customerId = (await createCustomer(ctx, { email: 'buyer@example.com', firstName: 'Bob', lastName: 'Norman', tags: ['vip'] })).id;
    loneCustomerId = (await createCustomer(ctx, { email: 'lone@example.com' })).id;
    const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));
    const lines = [
      { title: 'IPod Nano - 8gb', variantTitle: 'green', quantity: 2, price: '199.00' },
      { title: 'Sticker', quantity: 1, price: '2.50' },
    ];
    orders = [];
    for (const traits of [
      { processedAt: day(1), lineItems: lines, totalTax: '11.94', email: 'buyer@example.com', financialStatus: 'paid' as const },
      { processedAt: day(2), closedAt: day(3) },
      { processedAt: day(4), cancelledAt: day(5) },
      { processedAt: day(6) },
      { processedAt: day(7), lineItems: [{ title: 'Gift card', quantity: 3, price: '25.00' }] },
    ]) {
      orders.push(await createOrder(ctx, { customerId, ...traits }));
    }
    // Another customer's order, and another shop's customer with one.
    await createOrder(ctx, { customerId: (await createCustomer(ctx)).id });
    const globexCtx = contextOf(t, globex);
    foreignCustomerId = (await createCustomer(globexCtx)).id;
    await createOrder(globexCtx, { customerId: foreignCustomerId });
  });
  afterAll(() => t?.close());

  const idsOf = (body: { orders: { id: number }[] }) => body.orders.map((o) => o.id);
  const at = (...indexes: number[]) => indexes.map((i) => orders[i]!.id);

  it("answers the customer's open orders by default, each in the hosted order object", async () => {
    const res = await rest('GET', `customers/${customerId}/orders.json`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['orders']);
    expect(idsOf(res.body)).toEqual(at(0, 3, 4));
    const [order] = res.body.orders;
    expect(Object.keys(order)).toEqual(ORDER_KEYS);
    const currency = acme.shop.currency;
    const money = (amount: string) => ({ shop_money: { amount, currency_code: currency }, presentment_money: { amount, currency_code: currency } });
    expect(order).toMatchObject({
      id: orders[0]!.id,
      admin_graphql_api_id: `gid://platform/Order/${orders[0]!.id}`,
      name: orders[0]!.name,
      email: 'buyer@example.com',
      currency,
      financial_status: 'paid',
      cancelled_at: null,
      closed_at: null,
      processed_at: '2026-01-01T12:00:00.000Z',
      subtotal_price: '400.50',
      subtotal_price_set: money('400.50'),
      total_tax: '11.94',
      total_tax_set: money('11.94'),
      total_price: '412.44',
      total_price_set: money('412.44'),
      fulfillments: [],
      refunds: [],
      shipping_lines: [],
    });
    // Paid: its sale is a transaction of the order (REST shows them under refunds only).
    expect(order.created_at).toBe(order.processed_at);
    expect(order.order_number).toBe(Number(orders[0]!.name.slice(1)));
    expect(order.line_items).toEqual([
      expect.objectContaining({ title: 'IPod Nano - 8gb', variant_title: 'green', quantity: 2, price: '199.00', price_set: money('199.00'), product_id: null, variant_id: null }),
      expect.objectContaining({ title: 'Sticker', variant_title: null, quantity: 1, price: '2.50', price_set: money('2.50') }),
    ]);
    expect(order.line_items[0].id).toEqual(expect.any(Number));
    expect(order.customer).toMatchObject({ id: customerId, email: 'buyer@example.com', first_name: 'Bob', last_name: 'Norman', tags: 'vip', admin_graphql_api_id: `gid://platform/Customer/${customerId}` });
    expect(order.customer.default_address).toMatchObject({ customer_id: customerId, default: true });
    expect(res.body.orders[2].line_items).toEqual([expect.objectContaining({ title: 'Gift card', quantity: 3, price: '25.00' })]);
  });

  it.each([
    ['open', [0, 3, 4]],
    ['closed', [1]],
    ['cancelled', [2]],
    ['any', [0, 1, 2, 3, 4]],
  ])('answers status=%s', async (status, expected) => {
    const res = await rest('GET', `customers/${customerId}/orders.json?status=${status}`);
    expect(idsOf(res.body)).toEqual(at(...expected));
  });

  it('refuses an unknown status with 400 status', async () => {
    for (const status of ['opened', '', 'ANY', 'any%00']) {
      const res = await rest('GET', `customers/${customerId}/orders.json?status=${status}`);
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { errors: { status: status.includes('%00') ? expect.any(String) : 'Invalid value.' } } });
    }
  });

  it('walks the orders by Link, keeping the status and the fields', async () => {
    const pages: unknown[] = [];
    let next: string | undefined = `customers/${customerId}/orders.json?status=any&limit=2&fields=id,name`;
    while (next) {
      const res = await rest('GET', next);
      expect(res.status).toBe(200);
      pages.push(res.body.orders);
      next = linkTo(res.headers.link, 'next');
    }
    const pick = (i: number) => ({ id: orders[i]!.id, name: orders[i]!.name });
    expect(pages).toEqual([[pick(0), pick(1)], [pick(2), pick(3)], [pick(4)]]);
  });

  it('answers a customer without orders with an empty list', async () => {
    const res = await rest('GET', `customers/${loneCustomerId}/orders.json?status=any`);
    expect({ status: res.status, body: res.body, link: res.headers.link }).toEqual({ status: 200, body: { orders: [] }, link: undefined });
  });

  it("answers an unknown customer, another shop's or a malformed id with 404", async () => {
    for (const id of ['999999999', String(foreignCustomerId), 'abc', '1.5', '99999999999999999999']) {
      const res = await rest('GET', `customers/${id}/orders.json`);
      expect({ id, status: res.status, body: res.body }).toEqual({ id, status: 404, body: { errors: 'Not Found' } });
    }
  });

  it('needs read_orders: a token with only read_customers does not see orders', async () => {
    const token = await adminTokenWith(t, acme, 'read_customers');
    const res = await rest('GET', `customers/${customerId}/orders.json`, undefined, { token });
    expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: { errors: '[API] This action requires merchant approval for read_orders scope.' } });
    const allowed = await rest('GET', `customers/${customerId}/orders.json`, undefined, { token: await adminTokenWith(t, acme, 'read_orders') });
    expect(allowed.status).toBe(200);
  });

  it('runs as many statements at limit 1 as at limit 50 (lines, refunds and fulfillments in one statement each)', async () => {
    const path = (limit: number) => `customers/${customerId}/orders.json?status=any&limit=${limit}`;
    await rest('GET', path(1));
    const one = await sqlDuring(() => rest('GET', path(1)));
    const fifty = await sqlDuring(() => rest('GET', path(50)));
    expect(fifty.result.body.orders).toHaveLength(5);
    expect(fifty.statements.length).toBe(one.statements.length);
    // The customer and its addresses, the page, its lines, refunds and fulfillments.
    expect(one.statements.length).toBeLessThanOrEqual(6);
  });
});
