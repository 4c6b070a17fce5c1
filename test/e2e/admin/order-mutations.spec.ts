import fc from 'fast-check';
import pg from 'pg';
import { AuthService } from '@platform/auth';
import { type OrderTraits, createOrder } from '@platform/orders/testing';
import { SystemContexts } from '@platform/request';
import { fuzzSettings } from '../../support/fuzz-settings.js';
import { hostileString } from '../../support/hostile-values.js';
import { adminQuery } from '../../support/http.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';

type Gql = { status: number; data?: any; errors?: any; extensions?: any };

const ERRORS = 'userErrors { field message code }';
const ORDER = 'id displayFinancialStatus displayFulfillmentStatus closed closedAt cancelledAt';
const REFUND = `mutation($input: RefundInput!) { refundCreate(input: $input) { order { ${ORDER} } refund { id note totalRefundedSet { shopMoney { amount currencyCode } } } ${ERRORS} } }`;
const CANCEL = `mutation($id: ID!, $reason: OrderCancelReason!, $refund: Boolean!, $restock: Boolean!, $note: String) {
  orderCancel(orderId: $id, reason: $reason, refund: $refund, restock: $restock, staffNote: $note, notifyCustomer: false) {
    job { id done } orderCancelUserErrors { field message code } userErrors { field message } } }`;
const CLOSE = `mutation($id: ID!) { orderClose(input: { id: $id }) { order { ${ORDER} } ${ERRORS} } }`;
const OPEN = `mutation($id: ID!) { orderOpen(input: { id: $id }) { order { ${ORDER} } ${ERRORS} } }`;

const gid = (type: string, id: number | string) => `gid://platform/${type}/${id}`;
const orderNotFound = (field: string[]) => ({ field, message: 'Order does not exist', code: 'NOT_FOUND' });

// The admin order writes: refundCreate, orderCancel, orderClose and orderOpen. Each happy path, each problem as
// userErrors with nothing written, ids that name no order of the shop (unknown, malformed, of another type, another
// shop's), write_orders enforced, concurrent refunds over HTTP, hostile variables.
describe('admin GraphQL orders: refunds, cancel, close and open', () => {
  let t: TestApp;
  let shop: TestShop;
  let other: TestShop;
  let db: pg.Client;

  beforeAll(async () => {
    const raised = { capacity: 1e9, leakPerSecond: 1e9 };
    t = await createTestApp({}, { adminGraphql: raised });
    shop = await t.createShop('acme');
    other = await t.createShop('other');
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const gqlAs = async (target: TestShop, token: string, query: string, variables: Record<string, unknown> = {}): Promise<Gql> => {
    const res = await adminQuery(t.app, target.host, token, query, { variables });
    return { status: res.status, ...res.body };
  };
  const gql = (query: string, variables: Record<string, unknown> = {}) => gqlAs(shop, shop.tokens.adminAccessToken, query, variables);
  const rows = async <T = any>(sql: string, params: unknown[] = []): Promise<T[]> => (await db.query(sql, params)).rows as T[];
  const ctxOf = (target: TestShop) => t.app.get(SystemContexts).forShop(target.shop);
  /** Every row these mutations could write, to show a refused one changed nothing. */
  const snapshot = async () =>
    JSON.stringify(
      await rows(`select (select json_agg(o order by o.id) from orders o) as orders, (select json_agg(r order by r.id) from refunds r) as refunds,
        (select json_agg(l order by l.id) from refund_line_items l) as lines, (select json_agg(x order by x.id) from order_transactions x) as transactions,
        (select count(*) from balance_transactions) as ledger`),
    );
  /** The payload of a mutation that must be refused, after checking it wrote nothing. */
  const refused = async (query: string, variables: Record<string, unknown>, errors = 'userErrors') => {
    const before = await snapshot();
    const res = await gql(query, variables);
    expect(res.errors).toBeUndefined();
    const payload = Object.values(res.data)[0] as any;
    expect(payload[errors].length).toBeGreaterThan(0);
    expect(await snapshot()).toBe(before);
    return payload;
  };
  // Two lines (2 × 10.00, 1 × 5.00), 1.50 tax, 4.00 shipping: 30.50 paid in one sale.
  const paidOrder = (traits: OrderTraits = {}, target: TestShop = shop) =>
    createOrder(ctxOf(target), {
      financialStatus: 'paid',
      lineItems: [
        { title: 'Tee', quantity: 2, price: '10.00' },
        { title: 'Mug', quantity: 1, price: '5.00' },
      ],
      totalTax: '1.50',
      shippingLines: [{ title: 'Standard', code: 'STD', price: '4.00' }],
      ...traits,
    });
  const saleOf = async (orderId: number) => Number((await rows(`select id from order_transactions where order_id = $1 and kind = 'sale'`, [orderId]))[0].id);
  const money = (orderId: number, amount: string, extra: Record<string, unknown> = {}) => ({ orderId: gid('Order', orderId), amount, kind: 'REFUND', gateway: 'manual', ...extra });

  describe('refundCreate', () => {
    it('refunds a line and part of the money, then the rest: PARTIALLY_REFUNDED, then REFUNDED, each booked in the ledger', async () => {
      const order = await paidOrder();
      const sale = await saleOf(order.id);
      const first = await gql(REFUND, {
        input: {
          orderId: gid('Order', order.id),
          note: 'Wrong size',
          refundLineItems: [{ lineItemId: gid('LineItem', order.lineItemIds[0]!), quantity: 1, restockType: 'RETURN' }],
          shipping: { shippingRefundAmount: { amount: '1.50', currencyCode: 'USD' } },
          transactions: [money(order.id, '12.10', { parentId: gid('OrderTransaction', sale) })],
        },
      });
      expect(first.errors).toBeUndefined();
      expect(first.data.refundCreate).toEqual({
        order: { id: gid('Order', order.id), displayFinancialStatus: 'PARTIALLY_REFUNDED', displayFulfillmentStatus: 'UNFULFILLED', closed: false, closedAt: null, cancelledAt: null },
        refund: { id: expect.stringMatching(/^gid:\/\/platform\/Refund\/\d+$/), note: 'Wrong size', totalRefundedSet: { shopMoney: { amount: '12.10', currencyCode: 'USD' } } },
        userErrors: [],
      });
      const second = await gql(REFUND, { input: { orderId: gid('Order', order.id), shipping: { fullRefund: true }, transactions: [money(order.id, '18.40')] } });
      expect(second.data.refundCreate).toMatchObject({ order: { displayFinancialStatus: 'REFUNDED' }, userErrors: [] });
      expect(await rows(`select r.note, r.shipping::text, (select sum(amount)::text from order_transactions x where x.refund_id = r.id) as money from refunds r where r.order_id = $1 order by r.id`, [order.id])).toEqual([
        { note: 'Wrong size', shipping: '1.50', money: '12.10' },
        { note: null, shipping: '2.50', money: '18.40' },
      ]);
      expect(await rows(`select type, amount::text from balance_transactions where source_order_id = $1 and type = 'refund' order by id`, [order.id])).toEqual([
        { type: 'refund', amount: '-12.10' },
        { type: 'refund', amount: '-18.40' },
      ]);
    });

    it('answers each input problem as userErrors under input, writing nothing', async () => {
      const order = await paidOrder();
      const [tee] = order.lineItemIds;
      const input = (extra: Record<string, unknown>) => ({ input: { orderId: gid('Order', order.id), ...extra } });
      expect((await refused(REFUND, input({}))).userErrors).toEqual([{ field: null, message: 'Refund must include line items, shipping or transactions', code: 'BLANK' }]);
      expect((await refused(REFUND, input({ refundLineItems: [{ lineItemId: gid('LineItem', tee!), quantity: 3 }] }))).userErrors).toEqual([
        { field: ['input', 'refundLineItems', '0', 'quantity'], message: 'Quantity cannot be more than the 2 not yet refunded', code: 'INVALID' },
      ]);
      expect((await refused(REFUND, input({ refundLineItems: [{ lineItemId: gid('Product', tee!), quantity: 1 }] }))).userErrors).toEqual([
        { field: ['input', 'refundLineItems', '0', 'lineItemId'], message: 'Line item does not exist', code: 'NOT_FOUND' },
      ]);
      expect((await refused(REFUND, input({ refundLineItems: [{ lineItemId: gid('LineItem', tee!), quantity: 1, restockType: 'LEGACY_RESTOCK' }] }))).userErrors).toEqual([
        { field: ['input', 'refundLineItems', '0', 'restockType'], message: 'Restock type must be NO_RESTOCK, CANCEL or RETURN', code: 'INVALID' },
      ]);
      expect((await refused(REFUND, input({ transactions: [money(order.id, '30.51')] }))).userErrors).toEqual([
        { field: ['input', 'transactions', '0', 'amount'], message: 'Amount cannot be more than the 30.50 the order can still refund', code: 'INVALID' },
      ]);
      expect((await refused(REFUND, input({ transactions: [money(order.id, '1.005'), money(order.id, '-1'), money(order.id, '1', { kind: 'SALE' })] }))).userErrors).toEqual([
        { field: ['input', 'transactions', '0', 'amount'], message: 'Amount must be a non-negative amount with at most two decimals', code: 'INVALID' },
        { field: ['input', 'transactions', '1', 'amount'], message: 'Amount must be a non-negative amount with at most two decimals', code: 'INVALID' },
        { field: ['input', 'transactions', '2', 'kind'], message: 'Kind must be REFUND', code: 'INVALID' },
      ]);
      expect((await refused(REFUND, input({ transactions: [money(order.id, '1', { parentId: gid('OrderTransaction', 999999) })] }))).userErrors).toEqual([
        { field: ['input', 'transactions', '0', 'parentId'], message: 'Parent transaction does not exist', code: 'NOT_FOUND' },
      ]);
      expect((await refused(REFUND, input({ transactions: [money(order.id + 1000, '1')] }))).userErrors).toEqual([
        { field: ['input', 'transactions', '0', 'orderId'], message: 'Order must be the order refunded', code: 'INVALID' },
      ]);
      expect((await refused(REFUND, input({ shipping: { shippingRefundAmount: { amount: '4.01', currencyCode: 'USD' } } }))).userErrors).toEqual([
        { field: ['input', 'shipping', 'shippingRefundAmount', 'amount'], message: 'Amount cannot be more than the 4.00 of shipping not yet refunded', code: 'INVALID' },
      ]);
      expect((await refused(REFUND, input({ currency: 'EUR', transactions: [money(order.id, '1')] }))).userErrors).toEqual([
        { field: ['input', 'currency'], message: "Currency must be the order's currency (USD)", code: 'INVALID' },
      ]);
    });

    it("answers an order id that names no order of the shop (unknown, malformed, another type, another shop's) as NOT_FOUND", async () => {
      const foreign = await paidOrder({}, other);
      for (const id of [gid('Order', 999999), 'not-a-gid', gid('Customer', foreign.id), gid('Order', foreign.id)]) {
        const payload = await refused(REFUND, { input: { orderId: id, transactions: [{ orderId: id, amount: '1.00', kind: 'REFUND', gateway: 'manual' }] } });
        expect(payload).toEqual({ order: null, refund: null, userErrors: [orderNotFound(['input', 'orderId'])] });
      }
    });

    it('never refunds more than was paid when refunds of one order arrive at once', async () => {
      const order = await paidOrder();
      const answers = await Promise.all(Array.from({ length: 4 }, () => gql(REFUND, { input: { orderId: gid('Order', order.id), transactions: [money(order.id, '20.00')] } })));
      expect(answers.map((a) => a.data.refundCreate.userErrors.length).sort()).toEqual([0, 1, 1, 1]);
      expect(await rows(`select sum(amount)::text as sum from order_transactions where order_id = $1 and kind = 'refund'`, [order.id])).toEqual([{ sum: '20.00' }]);
    });
  });

  describe('orderCancel', () => {
    it('cancels with refund and restock: a done job, REFUNDED, closed and cancelled; a second cancel is INVALID', async () => {
      const order = await paidOrder();
      const res = await gql(CANCEL, { id: gid('Order', order.id), reason: 'STAFF', refund: true, restock: true, note: 'Duplicate order' });
      expect(res.errors).toBeUndefined();
      expect(res.data.orderCancel).toEqual({ job: { id: gid('Job', order.id), done: true }, orderCancelUserErrors: [], userErrors: [] });
      const [row] = await rows('select financial_status, cancel_reason, cancelled_at is not null as cancelled, closed_at is not null as closed from orders where id = $1', [order.id]);
      expect(row).toEqual({ financial_status: 'refunded', cancel_reason: 'staff', cancelled: true, closed: true });
      const again = await refused(CANCEL, { id: gid('Order', order.id), reason: 'OTHER', refund: false, restock: false }, 'orderCancelUserErrors');
      expect(again).toEqual({
        job: null,
        orderCancelUserErrors: [{ field: ['orderId'], message: 'Order has already been cancelled', code: 'INVALID' }],
        userErrors: [{ field: ['orderId'], message: 'Order has already been cancelled' }],
      });
    });

    it('refuses a fulfilled order, a note too long and an order of no shop of ours', async () => {
      const fulfilled = await paidOrder({ fulfillmentStatus: 'fulfilled' });
      expect((await refused(CANCEL, { id: gid('Order', fulfilled.id), reason: 'CUSTOMER', refund: true, restock: true }, 'orderCancelUserErrors')).orderCancelUserErrors).toEqual([
        { field: ['orderId'], message: 'Order cannot be cancelled once it has fulfilled items', code: 'INVALID' },
      ]);
      const open = await paidOrder();
      expect((await refused(CANCEL, { id: gid('Order', open.id), reason: 'CUSTOMER', refund: false, restock: false, note: 'x'.repeat(5001) }, 'orderCancelUserErrors')).orderCancelUserErrors).toEqual([
        { field: ['staffNote'], message: 'Staff note is too long (maximum is 5000 characters)', code: 'INVALID' },
      ]);
      const foreign = await paidOrder({}, other);
      for (const id of [gid('Order', foreign.id), 'gid://platform/Order/abc']) {
        expect((await refused(CANCEL, { id, reason: 'CUSTOMER', refund: true, restock: true }, 'orderCancelUserErrors')).orderCancelUserErrors).toEqual([orderNotFound(['orderId'])]);
      }
    });
  });

  describe('orderClose and orderOpen', () => {
    it('closes and reopens; the order moves between the REST status lists', async () => {
      const order = await paidOrder();
      const list = async (status: string) =>
        (await t.app.inject({ method: 'GET', url: `/admin/api/2026-10/orders.json?status=${status}&fields=id&limit=250`, headers: { host: shop.host, 'x-platform-access-token': shop.tokens.adminAccessToken } })).json();
      const listed = async (status: string) => {
        const body = await list(status);
        return Array.isArray(body.orders) ? body.orders.some((o: { id: number }) => o.id === order.id) : body;
      };
      const closed = await gql(CLOSE, { id: gid('Order', order.id) });
      expect(closed.data.orderClose).toMatchObject({ order: { closed: true, closedAt: expect.any(String) }, userErrors: [] });
      const closedAt = closed.data.orderClose.order.closedAt;
      expect((await gql(CLOSE, { id: gid('Order', order.id) })).data.orderClose.order.closedAt).toBe(closedAt);
      expect([await listed('open'), await listed('closed')]).toEqual([false, true]);
      const opened = await gql(OPEN, { id: gid('Order', order.id) });
      expect(opened.data.orderOpen).toMatchObject({ order: { closed: false, closedAt: null }, userErrors: [] });
      expect([await listed('open'), await listed('closed')]).toEqual([true, false]);
    });

    it("answers an order of no shop of ours as NOT_FOUND under input.id, writing nothing", async () => {
      const foreign = await paidOrder({}, other);
      for (const query of [CLOSE, OPEN]) {
        for (const id of [gid('Order', foreign.id), gid('LineItem', foreign.lineItemIds[0]!), '']) {
          expect((await refused(query, { id })).userErrors).toEqual([orderNotFound(['input', 'id'])]);
        }
      }
    });
  });

  it('asks write_orders for every mutation', async () => {
    const order = await paidOrder();
    const { adminAccessToken: readOnly } = await t.app.get(AuthService).installApp(shop.shop.id, 'reader', 'read_orders');
    const before = await snapshot();
    for (const [query, variables] of [
      [REFUND, { input: { orderId: gid('Order', order.id), transactions: [money(order.id, '1.00')] } }],
      [CANCEL, { id: gid('Order', order.id), reason: 'OTHER', refund: true, restock: true }],
      [CLOSE, { id: gid('Order', order.id) }],
      [OPEN, { id: gid('Order', order.id) }],
    ] as const) {
      const denied = await gqlAs(shop, readOnly, query, variables);
      expect(denied.errors?.[0]?.extensions).toMatchObject({ code: 'ACCESS_DENIED', requiredAccess: 'write_orders' });
      expect(Object.values(denied.data ?? { x: null })[0] ?? null).toBeNull();
    }
    expect(await snapshot()).toBe(before);
  });

  describe('hostile input', () => {
    it('refuses NUL bytes, oversized lists and out-of-range numbers before writing', async () => {
      const order = await paidOrder();
      const before = await snapshot();
      const nul = await gql(REFUND, { input: { orderId: gid('Order', order.id), note: 'a\u0000b', transactions: [money(order.id, '1.00')] } });
      expect(nul.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      const many = await gql(REFUND, { input: { orderId: gid('Order', order.id), transactions: Array.from({ length: 300 }, () => money(order.id, '0.01')) } });
      expect(many.status).toBeLessThan(500);
      expect(many.errors ?? many.data.refundCreate.userErrors).not.toHaveLength(0);
      for (const quantity of [2 ** 31, -1, 1.5]) {
        const res = await gql(REFUND, { input: { orderId: gid('Order', order.id), refundLineItems: [{ lineItemId: gid('LineItem', order.lineItemIds[0]!), quantity }] } });
        expect(res.errors ?? res.data.refundCreate.userErrors).not.toHaveLength(0);
      }
      for (const amount of ['1e3', 'NaN', '9'.repeat(60), 1.5]) {
        const res = await gql(REFUND, { input: { orderId: gid('Order', order.id), transactions: [money(order.id, amount as string)] } });
        expect(res.status).toBe(200);
        expect(res.errors ?? res.data.refundCreate.userErrors).not.toHaveLength(0);
      }
      expect(await snapshot()).toBe(before);
    });

    const fuzz = fuzzSettings(30);
    const budget = fuzz.budget(200);
    it(
      'never answers a 500 or an internal error, whatever the strings',
      async () => {
        const order = await paidOrder();
        const operations: [string, (s: string) => Record<string, unknown>][] = [
          [REFUND, (s) => ({ input: { orderId: s, note: s, refundLineItems: [{ lineItemId: s, quantity: 1 }], transactions: [{ orderId: s, amount: '1', kind: 'REFUND', gateway: s, parentId: s }] } })],
          [REFUND, (s) => ({ input: { orderId: gid('Order', order.id), note: s, transactions: [money(order.id, s)] } })],
          [CANCEL, (s) => ({ id: s, reason: 'OTHER', refund: false, restock: false, note: s })],
          [CLOSE, (s) => ({ id: s })],
          [OPEN, (s) => ({ id: s })],
        ];
        await fc.assert(
          fc.asyncProperty(fc.nat({ max: operations.length - 1 }), hostileString, async (index, text) => {
            const [query, variables] = operations[index]!;
            const res = await gql(query, variables(text));
            expect(res.status).toBe(200);
            expect((res.errors ?? []).map((e: any) => e.extensions?.code)).not.toContain('INTERNAL_SERVER_ERROR');
          }),
          budget.parameters,
        );
      },
      budget.timeout,
    );
  });
});
