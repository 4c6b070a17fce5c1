import pg from 'pg';
import { Decimal } from '@platform/money';
import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD } from '@platform/seed';
import { sqlDuring } from '../../support/sql.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { adminQuery, storefrontQuery } from '../../support/http.js';

type Gql = { status: number; data?: any; errors?: any };

const LOGIN = `mutation($input: CustomerAccessTokenCreateInput!) {
  customerAccessTokenCreate(input: $input) { customerAccessToken { accessToken } customerUserErrors { code } } }`;

// A customer's orders on the storefront (`Customer.orders`, `Order.lineItems`): paging, sort keys, statements.
describe('storefront orders', () => {
  let t: TestApp;
  let shop: TestShop;
  let db: pg.Client;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    // Seed 2 gives the demo customer three of the ten orders.
    shop = await t.seedShop('acme', { products: 10, customers: 10, orders: 10, seed: 2 });
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    const login = await gql(LOGIN, { input: { email: DEMO_CUSTOMER_EMAIL, password: DEMO_CUSTOMER_PASSWORD } });
    expect(login.data.customerAccessTokenCreate.customerUserErrors).toEqual([]);
    token = login.data.customerAccessTokenCreate.customerAccessToken.accessToken;
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  async function gql(query: string, variables: Record<string, unknown> = {}): Promise<Gql> {
    const res = await storefrontQuery(t.app, shop.host, query, { 'x-platform-storefront-access-token': shop.tokens.storefrontAccessToken }, { variables });
    return { status: res.status, ...res.body };
  }
  const rows = async <T = any>(sql: string, params: unknown[] = []): Promise<T[]> => (await db.query(sql, params)).rows as T[];

  it('pages and sorts orders by the hosted sort keys', async () => {
    const [me] = await rows(`select id::int from customers where shop_id = $1 and email = $2`, [shop.shop.id, DEMO_CUSTOMER_EMAIL]);
    const orders = await rows(`select id::int, total_price::numeric as total, processed_at from orders where customer_id = $1`, [me.id]);
    const query = `query($token: String!, $first: Int, $after: String, $last: Int, $before: String, $sortKey: OrderSortKeys, $reverse: Boolean) {
      customer(customerAccessToken: $token) { orders(first: $first, after: $after, last: $last, before: $before, sortKey: $sortKey, reverse: $reverse) {
        edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }`;
    const walk = async (vars: Record<string, unknown>) => {
      const seen: string[] = [];
      let after: string | null = null;
      for (let i = 0; i < 20; i++) {
        const res: Gql = await gql(query, { token, first: 1, after, ...vars });
        expect(res.errors).toBeUndefined();
        const page = res.data.customer.orders;
        seen.push(...page.edges.map((e: any) => e.node.id));
        expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
        if (!page.pageInfo.hasNextPage) break;
        after = page.pageInfo.endCursor;
      }
      return seen;
    };
    const gid = (o: any) => `gid://platform/Order/${o.id}`;
    const byTotal = [...orders].sort((a, b) => new Decimal(a.total).comparedTo(b.total) || a.id - b.id).map(gid);
    expect(await walk({ sortKey: 'TOTAL_PRICE' })).toEqual(byTotal);
    expect(await walk({ sortKey: 'TOTAL_PRICE', reverse: true })).toEqual([...byTotal].reverse());
    const byDate = [...orders].sort((a, b) => a.processed_at - b.processed_at || a.id - b.id).map(gid);
    expect(await walk({ sortKey: 'PROCESSED_AT', reverse: true })).toEqual([...byDate].reverse());
    expect(await walk({})).toEqual([...orders].sort((a, b) => a.id - b.id).map(gid));

    const last = await gql(query, { token, last: 1, sortKey: 'PROCESSED_AT' });
    expect(last.data.customer.orders.edges.map((e: any) => e.node.id)).toEqual([byDate.at(-1)]);
    expect(last.data.customer.orders.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: orders.length > 1 });
    const bad = await gql(query, { token, first: 1, after: 'nope' });
    expect(bad.errors[0].message).toBe('Invalid cursor for after');
  });

  it('runs a constant number of statements whatever the number of orders (no N+1)', async () => {
    const count = async (first: number) => {
      const { result: res, statements } = await sqlDuring(() =>
        gql(
          `query($token: String!) { customer(customerAccessToken: $token) { defaultAddress { id } addresses(first: 5) { nodes { id } }
            orders(first: ${first}) { nodes { name lineItems(first: 5) { nodes { title variant { id } } } } } } }`,
          { token },
        ),
      );
      expect(res.errors).toBeUndefined();
      // Leave out the request pipeline's own statements (shop, app token, installation).
      const mine = statements.filter((sql) => /customer_access_tokens|customers|customer_addresses|orders|order_line_items|product_variants/.test(sql));
      return { statements: mine.length, orders: res.data.customer.orders.nodes.length };
    };
    const one = await count(1);
    const all = await count(50);
    expect(all.orders).toBeGreaterThan(one.orders);
    expect(all.statements).toBe(one.statements);
    // token, customer, the default address, a page of addresses (paged in SQL), orders, line items, variants.
    expect(all.statements).toBe(7);
  });

  it("shows what the buyer attached to a line as its customAttributes (the order line's properties)", async () => {
    const [line] = await rows<{ id: number; order_id: number }>(
      `select l.id, l.order_id from order_line_items l join orders o on o.id = l.order_id join customers c on c.id = o.customer_id
        where c.shop_id = $1 and c.email = $2 order by l.id limit 1`,
      [shop.shop.id, DEMO_CUSTOMER_EMAIL],
    );
    const properties = [{ name: 'engraving', value: 'For Ada' }, { name: 'gift', value: 'yes' }];
    await rows('update order_line_items set properties = $2::jsonb where id = $1', [line!.id, JSON.stringify(properties)]);
    const res = await gql(
      `query($token: String!) { customer(customerAccessToken: $token) { orders(first: 50) { nodes { id lineItems(first: 50) { nodes { customAttributes { key value } } } } } } }`,
      { token },
    );
    expect(res.errors).toBeUndefined();
    const lines = res.data.customer.orders.nodes.flatMap((o: any) => o.lineItems.nodes.map((l: any) => l.customAttributes));
    expect(lines).toContainEqual([{ key: 'engraving', value: 'For Ada' }, { key: 'gift', value: 'yes' }]);
    // Every other line has none.
    expect(lines.filter((a: unknown[]) => a.length > 0)).toHaveLength(1);
  });

  it('counts the units a refund gave back out of a line\'s currentQuantity, as admin does', async () => {
    const [line] = await rows<{ id: number; order_id: number; quantity: number }>(
      `select l.id::int, l.order_id::int, l.quantity from order_line_items l join orders o on o.id = l.order_id join customers c on c.id = o.customer_id
        where c.shop_id = $1 and c.email = $2 and l.quantity > 0 and o.cancelled_at is null
          and not exists (select 1 from refund_line_items rl where rl.line_item_id = l.id) order by l.id limit 1`,
      [shop.shop.id, DEMO_CUSTOMER_EMAIL],
    );
    const refund = await adminQuery(t.app, shop.host, shop.tokens.adminAccessToken,
      `mutation($input: RefundInput!) { refundCreate(input: $input) { userErrors { field message } } }`,
      { variables: { input: { orderId: `gid://platform/Order/${line!.order_id}`, refundLineItems: [{ lineItemId: `gid://platform/LineItem/${line!.id}`, quantity: 1, restockType: 'NO_RESTOCK' }] } } },
    );
    expect(refund.body.data.refundCreate.userErrors).toEqual([]);
    const res = await gql(
      `query($token: String!) { customer(customerAccessToken: $token) { orders(first: 50) { nodes { id lineItems(first: 50) { nodes { quantity currentQuantity } } } } } }`,
      { token },
    );
    expect(res.errors).toBeUndefined();
    const order = res.data.customer.orders.nodes.find((o: any) => o.id === `gid://platform/Order/${line!.order_id}`);
    const refunded = await rows<{ quantity: number; current: number }>(
      `select l.quantity, l.quantity - coalesce((select sum(rl.quantity) from refund_line_items rl where rl.line_item_id = l.id), 0)::int as current
         from order_line_items l where l.order_id = $1 order by l.id`,
      [line!.order_id],
    );
    expect(order.lineItems.nodes).toEqual(refunded.map((r) => ({ quantity: r.quantity, currentQuantity: r.current })));
    expect(order.lineItems.nodes).toContainEqual({ quantity: line!.quantity, currentQuantity: line!.quantity - 1 });
  });

  it('takes what refunds gave back (goods, their tax, shipping) out of the current totals, and leaves the original ones', async () => {
    const [line] = await rows<{ id: number; order_id: number }>(
      `select l.id::int, l.order_id::int from order_line_items l join orders o on o.id = l.order_id join customers c on c.id = o.customer_id
        where c.shop_id = $1 and c.email = $2 and o.cancelled_at is null
          and l.quantity > coalesce((select sum(rl.quantity) from refund_line_items rl where rl.line_item_id = l.id), 0)
        order by l.id limit 1`,
      [shop.shop.id, DEMO_CUSTOMER_EMAIL],
    );
    // The seed ships for free: this order charged 5.00 for shipping.
    await rows('update orders set total_shipping = total_shipping + 5, total_price = total_price + 5 where id = $1', [line!.order_id]);
    const refund = await adminQuery(t.app, shop.host, shop.tokens.adminAccessToken,
      `mutation($input: RefundInput!) { refundCreate(input: $input) { userErrors { field message } } }`,
      { variables: { input: {
        orderId: `gid://platform/Order/${line!.order_id}`,
        refundLineItems: [{ lineItemId: `gid://platform/LineItem/${line!.id}`, quantity: 1, restockType: 'NO_RESTOCK' }],
        shipping: { fullRefund: true },
      } } },
    );
    expect(refund.body.data.refundCreate.userErrors).toEqual([]);
    const res = await gql(
      `query($token: String!) { customer(customerAccessToken: $token) { orders(first: 50) { nodes { id
        totalPrice { amount currencyCode } subtotalPrice { amount } totalTax { amount } totalShippingPrice { amount }
        currentTotalPrice { amount currencyCode } currentSubtotalPrice { amount } currentTotalTax { amount } } } } }`,
      { token },
    );
    expect(res.errors).toBeUndefined();
    // The same sums, straight from the rows.
    const expected = await rows<{ id: number; total: string; subtotal: string; tax: string; shipping: string; current_total: string; current_subtotal: string; current_tax: string }>(
      `select o.id::int, o.total_price::text as total, o.subtotal_price::text as subtotal, o.total_tax::text as tax, o.total_shipping::text as shipping,
          (o.total_price - coalesce(g.net, 0) - coalesce(g.tax, 0) - coalesce(s.shipping, 0))::text as current_total,
          (o.subtotal_price - coalesce(g.gross, 0))::text as current_subtotal,
          (o.total_tax - coalesce(g.tax, 0))::text as current_tax
        from orders o join customers c on c.id = o.customer_id
        left join lateral (select sum(rl.subtotal) as net, sum(rl.total_tax) as tax, sum(l.price * rl.quantity) as gross
          from refund_line_items rl join order_line_items l on l.id = rl.line_item_id where l.order_id = o.id) g on true
        left join lateral (select sum(r.shipping) as shipping from refunds r where r.order_id = o.id) s on true
        where c.shop_id = $1 and c.email = $2`,
      [shop.shop.id, DEMO_CUSTOMER_EMAIL],
    );
    const amount = (text: string) => new Decimal(text).toFixed(2);
    const answered = Object.fromEntries(res.data.customer.orders.nodes.map((o: any) => [o.id, o]));
    for (const order of expected) {
      const node = answered[`gid://platform/Order/${order.id}`];
      expect({
        total: amount(node.totalPrice.amount), subtotal: amount(node.subtotalPrice.amount), tax: amount(node.totalTax.amount), shipping: amount(node.totalShippingPrice.amount),
        currentTotal: amount(node.currentTotalPrice.amount), currentSubtotal: amount(node.currentSubtotalPrice.amount), currentTax: amount(node.currentTotalTax.amount),
      }).toEqual({
        total: amount(order.total), subtotal: amount(order.subtotal), tax: amount(order.tax), shipping: amount(order.shipping),
        currentTotal: amount(order.current_total), currentSubtotal: amount(order.current_subtotal), currentTax: amount(order.current_tax),
      });
      expect(node.currentTotalPrice.currencyCode).toBe(node.totalPrice.currencyCode);
    }
    // The refunded order's total went down by more than its shipping (a unit went back too).
    const refunded = answered[`gid://platform/Order/${line!.order_id}`];
    const shipping = expected.find((o) => o.id === line!.order_id)!.shipping;
    expect(new Decimal(shipping).greaterThanOrEqualTo(5)).toBe(true);
    expect(new Decimal(refunded.totalPrice.amount).minus(refunded.currentTotalPrice.amount).greaterThan(shipping)).toBe(true);
  });
});
