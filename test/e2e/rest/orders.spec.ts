import pg from 'pg';
import { createCustomer } from '@platform/customers/testing';
import { createOrder } from '@platform/orders/testing';
import { sqlDuring } from '../../support/sql.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { REST_LIMITS, type RestCall, adminTokenWith, contextOf, linkTo, openDatabase, restClient } from './admin-rest.js';

// `GET orders.json`, `orders/count.json` and `orders/{id}.json` (spec 3): every filter, the hosted order object with
// its money pairs, lines, refunds, fulfillments, addresses and customer, Link paging, fields, 404, 403 without
// read_orders, hostile input, another shop's orders, and statements that do not grow with the page size.

const ORDER_KEYS = [
  'id', 'admin_graphql_api_id', 'cancel_reason', 'cancelled_at', 'closed_at', 'created_at', 'currency', 'email', 'financial_status',
  'fulfillment_status', 'name', 'note', 'order_number', 'presentment_currency', 'processed_at', 'subtotal_price', 'subtotal_price_set',
  'test', 'total_discounts', 'total_discounts_set', 'total_line_items_price', 'total_line_items_price_set', 'total_price', 'total_price_set',
  'total_shipping_price_set', 'total_tax', 'total_tax_set', 'updated_at', 'billing_address', 'customer', 'fulfillments', 'line_items',
  'refunds', 'shipping_address', 'shipping_lines',
];

describe('REST orders', () => {
  let t: TestApp;
  let acme: TestShop;
  let globex: TestShop;
  let rest: RestCall;
  let db: pg.Client;
  let customerId: number;
  let foreignOrder: number;
  /** In id order: 0 paid+fulfilled+refunded partly (open), 1 closed, 2 cancelled, 3 authorized, 4 pending guest, 5 partial. */
  let orders: { id: number; name: string }[];
  const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

  beforeAll(async () => {
    t = await createTestApp({}, REST_LIMITS);
    acme = await t.createShop('acme');
    globex = await t.createShop('globex');
    rest = restClient(t, acme);
    db = await openDatabase(t);
    const ctx = contextOf(t, acme);
    customerId = (await createCustomer(ctx, { email: 'buyer@example.com', firstName: 'Bob', lastName: 'Norman' })).id;
    const address = { firstName: 'Bob', lastName: 'Norman', company: null, address1: 'Chestnut Street 92', address2: null, city: 'Louisville', province: 'Kentucky', provinceCode: 'KY', country: 'United States', countryCode: 'US', zip: '40202', phone: null };
    const lines = [
      { title: 'IPod Nano - 8gb', variantTitle: 'green', quantity: 2, price: '199.00', sku: 'IPOD2008GREEN' },
      { title: 'Sticker', quantity: 1, price: '2.50' },
    ];
    orders = [];
    for (const traits of [
      {
        customerId,
        processedAt: day(1),
        lineItems: lines,
        totalTax: '11.94',
        totalDiscounts: '10.00',
        shippingLines: [{ title: 'Standard', code: 'STD', price: '5.00' }],
        email: 'buyer@example.com',
        note: 'Gift wrap',
        billingAddress: address,
        shippingAddress: address,
        financialStatus: 'partially_refunded' as const,
        fulfillmentStatus: 'fulfilled' as const,
        refunds: [{ processedAt: day(2), note: 'Torn', lineItems: [{ line: 1, quantity: 1, restockType: 'return' as const }] }],
      },
      { customerId, processedAt: day(3), closedAt: day(4), financialStatus: 'paid' as const },
      { customerId, processedAt: day(5), cancelledAt: day(6), cancelReason: 'customer' as const, financialStatus: 'voided' as const },
      { customerId, processedAt: day(7), financialStatus: 'authorized' as const },
      { processedAt: day(9), email: 'guest@example.org' },
      {
        customerId,
        processedAt: day(11),
        lineItems: lines,
        financialStatus: 'paid' as const,
        fulfillmentStatus: 'partial' as const,
        fulfillments: [{ trackingCompany: 'USPS', trackingNumber: '1Z2345', lineItems: [{ line: 0, quantity: 1 }] }],
      },
    ]) {
      orders.push(await createOrder(ctx, traits));
    }
    foreignOrder = (await createOrder(contextOf(t, globex), { processedAt: day(1) })).id;
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const idsOf = (body: { orders: { id: number }[] }) => body.orders.map((o) => o.id);
  const at = (...indexes: number[]) => indexes.map((i) => orders[i]!.id);
  const money = (amount: string) => ({ shop_money: { amount, currency_code: acme.shop.currency }, presentment_money: { amount, currency_code: acme.shop.currency } });

  it('answers open orders by default, each in the hosted order object with its lines, refunds, fulfillments and customer', async () => {
    const res = await rest('GET', 'orders.json');
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual(at(0, 3, 4, 5));
    const [order] = res.body.orders;
    expect(Object.keys(order)).toEqual(ORDER_KEYS);
    expect(order).toMatchObject({
      id: orders[0]!.id,
      admin_graphql_api_id: `gid://platform/Order/${orders[0]!.id}`,
      name: orders[0]!.name,
      order_number: Number(orders[0]!.name.slice(1)),
      email: 'buyer@example.com',
      note: 'Gift wrap',
      created_at: '2026-01-01T12:00:00.000Z',
      processed_at: '2026-01-01T12:00:00.000Z',
      financial_status: 'partially_refunded',
      fulfillment_status: 'fulfilled',
      cancel_reason: null,
      currency: acme.shop.currency,
      presentment_currency: acme.shop.currency,
      subtotal_price: '400.50',
      subtotal_price_set: money('400.50'),
      total_discounts: '10.00',
      total_discounts_set: money('10.00'),
      total_line_items_price: '400.50',
      total_shipping_price_set: money('5.00'),
      total_tax: '11.94',
      total_tax_set: money('11.94'),
      total_price: '407.44',
      total_price_set: money('407.44'),
      test: false,
      shipping_lines: [{ code: 'STD', discounted_price: '5.00', discounted_price_set: money('5.00'), price: '5.00', price_set: money('5.00'), title: 'Standard' }],
    });
    expect(order.billing_address).toEqual({
      first_name: 'Bob', address1: 'Chestnut Street 92', phone: null, city: 'Louisville', zip: '40202', province: 'Kentucky', country: 'United States',
      last_name: 'Norman', address2: null, company: null, name: 'Bob Norman', country_code: 'US', province_code: 'KY',
    });
    expect(order.line_items).toEqual([
      expect.objectContaining({ title: 'IPod Nano - 8gb', name: 'IPod Nano - 8gb - green', sku: 'IPOD2008GREEN', quantity: 2, current_quantity: 2, fulfillable_quantity: 0, fulfillment_status: 'fulfilled', price: '199.00', price_set: money('199.00'), product_id: null, variant_id: null }),
      expect.objectContaining({ title: 'Sticker', sku: null, quantity: 1, current_quantity: 0, fulfillable_quantity: 0, price: '2.50' }),
    ]);
    expect(order.refunds).toEqual([
      expect.objectContaining({
        order_id: orders[0]!.id,
        note: 'Torn',
        processed_at: '2026-01-02T12:00:00.000Z',
        refund_line_items: [expect.objectContaining({ line_item_id: order.line_items[1].id, quantity: 1, restock_type: 'return', subtotal: '2.50', total_tax: '0.07', line_item: expect.objectContaining({ title: 'Sticker' }) })],
        transactions: [expect.objectContaining({ kind: 'refund', status: 'success', amount: '2.57', gateway: 'manual', order_id: orders[0]!.id, parent_id: expect.any(Number) })],
      }),
    ]);
    expect(order.fulfillments).toEqual([
      expect.objectContaining({ name: `${orders[0]!.name}.1`, status: 'success', order_id: orders[0]!.id, line_items: [expect.objectContaining({ quantity: 2 }), expect.objectContaining({ quantity: 1 })] }),
    ]);
    expect(order.customer).toMatchObject({ id: customerId, email: 'buyer@example.com', first_name: 'Bob', admin_graphql_api_id: `gid://platform/Customer/${customerId}` });
    // A guest checkout has no customer; a partial fulfillment names its tracking.
    expect(res.body.orders[2].customer).toBeNull();
    expect(res.body.orders[3].fulfillments[0]).toMatchObject({ tracking_company: 'USPS', tracking_number: '1Z2345', tracking_numbers: ['1Z2345'], line_items: [expect.objectContaining({ quantity: 1 })] });
    expect(res.body.orders[3].line_items[0]).toMatchObject({ fulfillment_status: 'partial', fulfillable_quantity: 1 });
  });

  it.each([
    ['status=open', [0, 3, 4, 5]],
    ['status=closed', [1]],
    ['status=cancelled', [2]],
    ['status=any', [0, 1, 2, 3, 4, 5]],
    ['status=any&financial_status=paid', [1, 5]],
    ['status=any&financial_status=unpaid', [3]],
    ['status=any&financial_status=pending', [4]],
    ['status=any&financial_status=any', [0, 1, 2, 3, 4, 5]],
    ['status=any&fulfillment_status=shipped', [0]],
    ['status=any&fulfillment_status=partial', [5]],
    ['status=any&fulfillment_status=unshipped', [1, 2, 3, 4]],
    ['status=any&fulfillment_status=unfulfilled', [1, 2, 3, 4, 5]],
    ['status=any&processed_at_min=2026-01-05T12:00:00Z&processed_at_max=2026-01-09', [2, 3]],
    ['status=any&created_at_min=2026-01-07', [3, 4, 5]],
    ['status=any&created_at_max=2026-01-03T12:00:00Z', [0, 1]],
    ['status=any&updated_at_min=2000-01-01&updated_at_max=2999-01-01', [0, 1, 2, 3, 4, 5]],
  ])('filters by %s', async (query, expected) => {
    const res = await rest('GET', `orders.json?${query}`);
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual(at(...expected));
    const count = await rest('GET', `orders/count.json?${query}`);
    expect(count.body).toEqual({ count: expected.length });
  });

  it('filters by ids and since_id', async () => {
    expect(idsOf((await rest('GET', `orders.json?status=any&ids=${at(4, 1).join(',')},${foreignOrder}`)).body)).toEqual(at(1, 4));
    expect(idsOf((await rest('GET', `orders.json?status=any&since_id=${orders[3]!.id}`)).body)).toEqual(at(4, 5));
    expect((await rest('GET', 'orders/count.json')).body).toEqual({ count: 4 });
  });

  it('walks the orders by Link, keeping the filters and the fields', async () => {
    const pages: unknown[] = [];
    let next: string | undefined = 'orders.json?status=any&limit=4&fields=id,name';
    while (next) {
      const res = await rest('GET', next);
      expect(res.status).toBe(200);
      pages.push(res.body.orders);
      next = linkTo(res.headers.link, 'next');
    }
    const pick = (i: number) => ({ id: orders[i]!.id, name: orders[i]!.name });
    expect(pages).toEqual([[pick(0), pick(1), pick(2), pick(3)], [pick(4), pick(5)]]);
  });

  it('answers one order, with fields, and 404 for an unknown, foreign or malformed id', async () => {
    const res = await rest('GET', `orders/${orders[1]!.id}.json`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.order)).toEqual(ORDER_KEYS);
    expect(res.body.order).toMatchObject({ id: orders[1]!.id, closed_at: '2026-01-04T12:00:00.000Z', financial_status: 'paid' });
    expect((await rest('GET', `orders/${orders[2]!.id}.json?fields=id,cancel_reason`)).body).toEqual({ order: { id: orders[2]!.id, cancel_reason: 'customer' } });
    for (const id of ['999999999', String(foreignOrder), 'abc', '1.5', '99999999999999999999', '0']) {
      const missing = await rest('GET', `orders/${id}.json`);
      expect({ id, status: missing.status, body: missing.body }).toEqual({ id, status: 404, body: { errors: 'Not Found' } });
    }
  });

  it("never shows another shop's orders", async () => {
    const theirs = await restClient(t, globex)('GET', 'orders.json?status=any');
    expect(idsOf(theirs.body)).toEqual([foreignOrder]);
    expect((await rest('GET', `orders.json?status=any&ids=${foreignOrder}`)).body).toEqual({ orders: [] });
  });

  it('needs read_orders on every route', async () => {
    const token = await adminTokenWith(t, acme, 'read_customers');
    for (const path of ['orders.json', 'orders/count.json', `orders/${orders[0]!.id}.json`]) {
      const res = await rest('GET', path, undefined, { token });
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 403, body: { errors: '[API] This action requires merchant approval for read_orders scope.' } });
    }
  });

  it.each([
    ['orders.json?limit=0', 'limit'],
    ['orders.json?limit=251', 'limit'],
    ['orders.json?limit=abc', 'limit'],
    ['orders.json?status=opened', 'status'],
    ['orders.json?status=OPEN', 'status'],
    ['orders.json?status=open&status=any', 'status'],
    ['orders.json?financial_status=stolen', 'financial_status'],
    ['orders.json?fulfillment_status=fulfilled', 'fulfillment_status'],
    ['orders.json?since_id=-1', 'since_id'],
    ['orders.json?since_id=99999999999999999999', 'since_id'],
    ['orders.json?ids=1,abc', 'ids'],
    ['orders.json?created_at_min=yesterday', 'created_at_min'],
    ['orders.json?processed_at_max=2026-02-30', 'processed_at_max'],
    ['orders.json?updated_at_min=0000-01-01', 'updated_at_min'],
    ['orders.json?page_info=garbage', 'page_info'],
    ['orders/count.json?status=nope', 'status'],
    ['orders/count.json?created_at_max=2026-13-01', 'created_at_max'],
  ])('answers %s with 400 naming %s', async (path, parameter) => {
    const res = await rest('GET', path);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { errors: { [parameter]: 'Invalid value.' } } });
  });

  it('refuses NUL bytes and a filter beside a page_info, never a 500', async () => {
    for (const path of ['orders.json?status=any%00', 'orders.json?ids=1%002', 'orders/count.json?financial_status=paid%00', `orders/${orders[0]!.id}.json?fields=id%00`]) {
      const res = await rest('GET', path);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
    }
    const first = await rest('GET', 'orders.json?status=any&limit=1');
    const next = linkTo(first.headers.link, 'next')!;
    const mixed = await rest('GET', `${next}&status=closed`);
    expect({ status: mixed.status, body: mixed.body }).toEqual({ status: 400, body: { errors: { page_info: 'Invalid value.' } } });
  });

  it('runs as many statements at limit 1 as at limit 250', async () => {
    const path = (limit: number) => `orders.json?status=any&limit=${limit}`;
    await rest('GET', path(1));
    const one = await sqlDuring(() => rest('GET', path(1)));
    const all = await sqlDuring(() => rest('GET', path(250)));
    expect(all.result.body.orders).toHaveLength(6);
    expect(all.statements.length).toBe(one.statements.length);
    // The page, its lines, refunds and fulfillments, its customers and their addresses.
    expect(one.statements.length).toBeLessThanOrEqual(6);
  });

  it('keeps exact money in the database (numeric, never float)', async () => {
    const { rows } = await db.query(`select data_type from information_schema.columns where table_name in ('orders', 'order_transactions', 'refund_line_items') and column_name in ('total_price', 'amount', 'subtotal')`);
    expect(rows.map((r) => r.data_type)).toEqual(['numeric', 'numeric', 'numeric']);
  });
});
