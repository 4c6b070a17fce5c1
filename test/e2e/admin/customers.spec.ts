import pg from 'pg';
import { AuthService } from '@platform/auth';
import { createCustomer } from '@platform/customers/testing';
import { createOrder } from '@platform/orders/testing';
import { SystemContexts } from '@platform/request';
import { sqlDuring } from '../../support/sql.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { adminQuery } from '../../support/http.js';

type Gql = { status: number; data?: any; errors?: any; extensions?: any };

const CUSTOMER_FIELDS = `id legacyResourceId firstName lastName displayName email phone state note verifiedEmail taxExempt taxExemptions tags
  numberOfOrders amountSpent { amount currencyCode } createdAt updatedAt
  defaultAddress { id address1 city countryCodeV2 name }
  emailMarketingConsent { marketingState marketingOptInLevel consentUpdatedAt }
  smsMarketingConsent { marketingState marketingOptInLevel consentUpdatedAt consentCollectedFrom }`;

const PAGE = `query($first: Int, $after: String, $last: Int, $before: String, $query: String, $sortKey: CustomerSortKeys, $reverse: Boolean) {
  customers(first: $first, after: $after, last: $last, before: $before, query: $query, sortKey: $sortKey, reverse: $reverse) {
    edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`;

// The admin customer API's reads: lists, search and sort with cursors, one customer, counts, lookups, the
// fields orders add, scopes, cost and statements per request. Mutations are in customer-mutations.spec.ts.
describe('admin GraphQL customers: reads', () => {
  let t: TestApp;
  let shop: TestShop;
  let other: TestShop;
  let db: pg.Client;

  beforeAll(async () => {
    const raised = { capacity: 1e9, leakPerSecond: 1e9 };
    t = await createTestApp({}, { adminGraphql: raised });
    shop = await t.seedShop('acme', { products: 4, customers: 30, orders: 40, seed: 3 });
    other = await t.seedShop('other', { products: 2, customers: 4, orders: 2, seed: 9 });
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const gqlAs = async (token: string, query: string, variables: Record<string, unknown> = {}, target: TestShop = shop): Promise<Gql> => {
    const res = await adminQuery(t.app, target.host, token, query, { variables });
    return { status: res.status, ...res.body };
  };
  const gql = (query: string, variables: Record<string, unknown> = {}) => gqlAs(shop.tokens.adminAccessToken, query, variables);
  const rows = async <T = any>(sql: string, params: unknown[] = []): Promise<T[]> => (await db.query(sql, params)).rows as T[];
  const gid = (id: number | string) => `gid://platform/Customer/${id}`;
  const ctxOf = (target: TestShop) => t.app.get(SystemContexts).forShop(target.shop);
  const tokenWith = async (scopes: string) => (await t.app.get(AuthService).installApp(shop.shop.id, `app ${scopes}`, scopes)).adminAccessToken;

  /** Every id of a walk over the whole list, page by page, following cursors the way `direction` says. */
  async function walk(variables: Record<string, unknown>, size: number, direction: 'forward' | 'backward'): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 100; i++) {
      const page: Gql = await gql(PAGE, direction === 'forward' ? { ...variables, first: size, after: cursor } : { ...variables, last: size, before: cursor });
      expect(page.errors).toBeUndefined();
      const { edges, pageInfo } = page.data.customers;
      const pageIds = edges.map((e: any) => e.node.id);
      if (direction === 'forward') ids.push(...pageIds);
      else ids.unshift(...pageIds);
      const more = direction === 'forward' ? pageInfo.hasNextPage : pageInfo.hasPreviousPage;
      if (cursor !== null) expect(direction === 'forward' ? pageInfo.hasPreviousPage : pageInfo.hasNextPage).toBe(true);
      if (!more) return ids;
      cursor = direction === 'forward' ? pageInfo.endCursor : pageInfo.startCursor;
    }
    throw new Error('the walk did not end');
  }

  describe('customers', () => {
    it("answers a page of the shop's customers with the hosted fields, as stored", async () => {
      const res = await gql(`{ customers(first: 3) { nodes { ${CUSTOMER_FIELDS} } } }`);
      expect(res.errors).toBeUndefined();
      const nodes = res.data.customers.nodes;
      expect(nodes).toHaveLength(3);
      const stored = await rows(`select id::int, first_name, last_name, email, phone, state, note, tags, orders_count, total_spent::text, currency, verified_email, tax_exempt
        from customers where shop_id = $1 order by id limit 3`, [shop.shop.id]);
      nodes.forEach((node: any, i: number) => {
        const row = stored[i];
        expect(node).toMatchObject({
          id: gid(row.id),
          legacyResourceId: String(row.id),
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
          phone: row.phone,
          state: row.state.toUpperCase(),
          note: row.note,
          tags: row.tags,
          verifiedEmail: row.verified_email,
          taxExempt: row.tax_exempt,
          numberOfOrders: String(row.orders_count),
          amountSpent: { amount: row.total_spent, currencyCode: row.currency },
        });
        expect(node.displayName).toBe([row.first_name, row.last_name].filter(Boolean).join(' ') || row.email || row.phone);
        expect(node.emailMarketingConsent === null).toBe(row.email === null);
      });
      expect(JSON.stringify(res.data)).not.toMatch(/password|scrypt/i);
    });

    it.each([
      ['ID', {}],
      ['NAME', {}],
      ['CREATED_AT', { reverse: true }],
      ['UPDATED_AT', {}],
      ['LOCATION', {}],
      ['ORDERS_COUNT', { reverse: true }],
      ['TOTAL_SPENT', {}],
      ['LAST_ORDER_DATE', { reverse: true }],
      ['RELEVANCE', { query: 'state:enabled OR state:disabled' }],
    ])('walks every customer sorted by %s, forward and backward, by cursor, without gaps or repeats', async (sortKey, extra) => {
      const variables = { sortKey, ...extra };
      const whole = await gql(PAGE, { ...variables, first: 250 });
      const all = whole.data.customers.edges.map((e: any) => e.node.id);
      expect(all.length).toBeGreaterThan(7);
      const forward = await walk(variables, 7, 'forward');
      const backward = await walk(variables, 7, 'backward');
      expect(forward).toEqual(all);
      expect(backward).toEqual(all);
      expect(new Set(forward).size).toBe(forward.length);
    });

    it('reverses the order with reverse: true', async () => {
      const ahead = (await gql(PAGE, { first: 250 })).data.customers.edges.map((e: any) => e.node.id);
      const reversed = (await gql(PAGE, { first: 250, reverse: true })).data.customers.edges.map((e: any) => e.node.id);
      expect(reversed).toEqual([...ahead].reverse());
    });

    it('filters with the search syntax, and counts what it finds', async () => {
      const [{ email, id }] = await rows(`select id::int, email from customers where shop_id = $1 and email is not null order by id desc limit 1`, [shop.shop.id]);
      const byEmail = await gql(`query($q: String!) { customers(first: 5, query: $q) { nodes { id email } } customersCount(query: $q) { count precision } }`, { q: `email:${email}` });
      expect(byEmail.data).toEqual({ customers: { nodes: [{ id: gid(id), email }] }, customersCount: { count: 1, precision: 'EXACT' } });

      const [{ n }] = await rows(`select count(*)::int as n from customers where shop_id = $1 and orders_count > 1`, [shop.shop.id]);
      const busy = await gql(`{ customers(first: 250, query: "orders_count:>1") { nodes { numberOfOrders } } customersCount(query: "orders_count:>1") { count } }`);
      expect(busy.data.customers.nodes).toHaveLength(n);
      expect(busy.data.customers.nodes.every((c: any) => Number(c.numberOfOrders) > 1)).toBe(true);
      expect(busy.data.customersCount.count).toBe(n);

      const [{ total }] = await rows(`select count(*)::int as total from customers where shop_id = $1`, [shop.shop.id]);
      expect((await gql('{ customersCount { count precision } }')).data.customersCount).toEqual({ count: total, precision: 'EXACT' });
    });

    it('refuses a cursor of another sort key, and pages of more than 250', async () => {
      const byName = await gql(PAGE, { first: 2, sortKey: 'NAME' });
      const cursor = byName.data.customers.pageInfo.endCursor;
      const wrong = await gql(PAGE, { first: 2, after: cursor, sortKey: 'TOTAL_SPENT' });
      expect(wrong.status).toBe(200);
      expect(wrong.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(wrong.errors[0].message).toMatch(/cursor/i);
      const huge = await gql(PAGE, { first: 251 });
      expect(huge.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    });
  });

  describe('one customer', () => {
    it('reads a customer by id, with every address (the default first), and answers null for an unknown id', async () => {
      const [{ id }] = await rows(`select c.id::int from customers c where c.shop_id = $1
        and (select count(*) from customer_addresses a where a.customer_id = c.id) > 1 order by c.id limit 1`, [shop.shop.id]);
      const addresses = await rows(`select id::int, is_default from customer_addresses where customer_id = $1`, [id]);
      const res = await gql(`query($id: ID!) { customer(id: $id) { id addresses { id } two: addresses(first: 2) { id } defaultAddress { id } } }`, { id: gid(id) });
      expect(res.errors).toBeUndefined();
      const customer = res.data.customer;
      expect(customer.id).toBe(gid(id));
      expect(customer.addresses.map((a: any) => a.id).sort()).toEqual(addresses.map((a) => `gid://platform/MailingAddress/${a.id}`).sort());
      expect(customer.two).toEqual(customer.addresses.slice(0, 2));
      const def = addresses.find((a) => a.is_default);
      if (def) {
        expect(customer.defaultAddress).toEqual({ id: `gid://platform/MailingAddress/${def.id}` });
        expect(customer.addresses[0]).toEqual(customer.defaultAddress);
      }
      expect((await gql('query($id: ID!) { customer(id: $id) { id } }', { id: gid(999_999_999) })).data).toEqual({ customer: null });
    });

    it("answers null for another shop's customer and refuses an id of another type", async () => {
      const [{ id }] = await rows(`select id::int from customers where shop_id = $1 limit 1`, [other.shop.id]);
      expect(await gql('query($id: ID!) { customer(id: $id) { id email } }', { id: gid(id) })).toEqual({ status: 200, data: { customer: null }, extensions: expect.anything() });
      const product = await gql('query($id: ID!) { customer(id: $id) { id } }', { id: 'gid://platform/Product/1' });
      expect(product.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    });

    it('finds a customer by email (any case) or phone, and nothing of another shop', async () => {
      const [mine] = await rows(`select id::int, email, phone from customers where shop_id = $1 and phone is not null and email is not null limit 1`, [shop.shop.id]);
      const q = 'query($i: CustomerIdentifierInput!) { customerByIdentifier(identifier: $i) { id } }';
      expect((await gql(q, { i: { emailAddress: mine.email.toUpperCase() } })).data.customerByIdentifier).toEqual({ id: gid(mine.id) });
      expect((await gql(q, { i: { phoneNumber: mine.phone } })).data.customerByIdentifier).toEqual({ id: gid(mine.id) });
      expect((await gql(q, { i: { emailAddress: 'nobody@example.com' } })).data.customerByIdentifier).toBeNull();
      const [theirs] = await rows(`select email from customers where shop_id = $1 and email is not null
        and email not in (select email from customers where shop_id = $2 and email is not null) limit 1`, [other.shop.id, shop.shop.id]);
      expect((await gql(q, { i: { emailAddress: theirs.email } })).data.customerByIdentifier).toBeNull();
      for (const i of [{}, { emailAddress: mine.email, phoneNumber: mine.phone }]) {
        const res = await gql(q, { i });
        expect(res.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      }
    });

    it('is a node: node(id:) and nodes(ids:) find customers and orders', async () => {
      const [c] = await rows(`select id::int, last_order_id::int from customers where shop_id = $1 limit 1`, [shop.shop.id]);
      const [o] = await rows(`select id::int from orders where shop_id = $1 limit 1`, [shop.shop.id]);
      const res = await gql(`query($ids: [ID!]!) { nodes(ids: $ids) { __typename id ... on Customer { email } ... on Order { name } } }`, {
        ids: [gid(c.id), `gid://platform/Order/${o.id}`, gid(999_999_999)],
      });
      expect(res.errors).toBeUndefined();
      expect(res.data.nodes).toEqual([
        expect.objectContaining({ __typename: 'Customer', id: gid(c.id) }),
        expect.objectContaining({ __typename: 'Order', id: `gid://platform/Order/${o.id}` }),
        null,
      ]);
    });
  });

  describe("a customer's orders", () => {
    it('pages the orders by cursor, sorted, and names the last order', async () => {
      const ctx = ctxOf(shop);
      const customer = await createCustomer(ctx, { email: 'three-orders@example.com' });
      const made = [];
      for (const [day, price] of [[3, '30.00'], [1, '10.00'], [2, '20.00']] as const) {
        made.push(await createOrder(ctx, { customerId: customer.id, processedAt: new Date(Date.UTC(2026, 0, day)), lineItems: [{ title: 'Tee', quantity: 1, price }] }));
      }
      await db.query('update customers set last_order_id = $1, orders_count = 3 where id = $2', [made[0].id, customer.id]);
      const q = `query($id: ID!, $after: String) { customer(id: $id) { numberOfOrders lastOrder { id name }
        orders(first: 2, after: $after, sortKey: PROCESSED_AT, reverse: true) { nodes { name processedAt totalPriceSet { shopMoney { amount currencyCode } } lineItems(first: 5) { nodes { title quantity } } }
          pageInfo { hasNextPage endCursor } } } }`;
      const first = await gql(q, { id: gid(customer.id) });
      expect(first.errors).toBeUndefined();
      const c = first.data.customer;
      expect(c.lastOrder).toEqual({ id: `gid://platform/Order/${made[0].id}`, name: made[0].name });
      expect(c.orders.nodes.map((n: any) => n.name)).toEqual([made[0].name, made[2].name]);
      expect(c.orders.nodes[0].totalPriceSet.shopMoney).toEqual({ amount: '30.00', currencyCode: shop.shop.currency });
      expect(c.orders.nodes[0].lineItems.nodes).toEqual([{ title: 'Tee', quantity: 1 }]);
      expect(c.orders.pageInfo.hasNextPage).toBe(true);
      const second = await gql(q, { id: gid(customer.id), after: c.orders.pageInfo.endCursor });
      expect(second.data.customer.orders.nodes.map((n: any) => n.name)).toEqual([made[1].name]);
      expect(second.data.customer.orders.pageInfo.hasNextPage).toBe(false);
    });
  });

  describe('scopes', () => {
    it('answers ACCESS_DENIED without read_customers, and the rest of the query still answers', async () => {
      const token = await tokenWith('read_orders');
      const res = await gqlAs(token, '{ shop { name } customersCount { count } customer(id: "gid://platform/Customer/1") { id } }');
      expect(res.data).toEqual({ shop: { name: 'Acme' }, customersCount: null, customer: null });
      expect(res.errors.map((e: any) => [e.path, e.extensions.code, e.extensions.requiredAccess])).toEqual([
        [['customersCount'], 'ACCESS_DENIED', 'read_customers'],
        [['customer'], 'ACCESS_DENIED', 'read_customers'],
      ]);
      // `customers` is non-null, as the hosted platform has it: its refusal nulls the whole answer.
      const list = await gqlAs(token, '{ customers(first: 1) { nodes { id } } }');
      expect(list.data).toBeNull();
      expect(list.errors[0].extensions).toMatchObject({ code: 'ACCESS_DENIED', requiredAccess: 'read_customers' });
      const [{ id }] = await rows(`select id::int from customers where shop_id = $1 limit 1`, [shop.shop.id]);
      const node = await gqlAs(token, 'query($id: ID!) { node(id: $id) { id } }', { id: gid(id) });
      expect(node.errors[0].extensions).toMatchObject({ code: 'ACCESS_DENIED', requiredAccess: 'read_customers' });
    });

    it("needs read_orders for a customer's orders and last order", async () => {
      const token = await tokenWith('read_customers');
      const res = await gqlAs(token, '{ customers(first: 1) { nodes { id email lastOrder { id } } } }');
      expect(res.data.customers.nodes[0]).toEqual(expect.objectContaining({ lastOrder: null }));
      expect(res.errors.map((e: any) => [e.path, e.extensions.code, e.extensions.requiredAccess])).toEqual([[['customers', 'nodes', 0, 'lastOrder'], 'ACCESS_DENIED', 'read_orders']]);
      const orders = await gqlAs(token, '{ customers(first: 1) { nodes { orders(first: 1) { nodes { id } } } } }');
      expect(orders.errors[0].extensions).toMatchObject({ code: 'ACCESS_DENIED', requiredAccess: 'read_orders' });
    });

    it('needs write_customers for every mutation', async () => {
      const token = await tokenWith('read_customers');
      const res = await gqlAs(token, 'mutation { customerCreate(input: { email: "scoped@example.com" }) { customer { id } userErrors { field } } }');
      expect(res.errors[0].extensions).toMatchObject({ code: 'ACCESS_DENIED', requiredAccess: 'write_customers' });
      expect(await rows(`select id from customers where email = 'scoped@example.com'`)).toEqual([]);
    });
  });

  describe('cost and statements', () => {
    const LISTING = (first: number) => `{ customers(first: ${first}) { nodes { id email addresses(first: 3) { id city } defaultAddress { id } lastOrder { id name }
      orders(first: 5) { nodes { id name } } } } }`;

    it('prices connections by page size with the one cost model', async () => {
      const res = await gql('{ customers(first: 50) { nodes { addresses(first: 2) { id } orders(first: 5) { nodes { id } } } } }');
      expect(res.errors).toBeUndefined();
      // customers: 2 + 50 × node (nodes 1 + addresses 2 × 1 + orders (2 + 5 × (nodes 1))) = 2 + 50 × 10.
      expect(res.extensions.cost.requestedQueryCost).toBe(502);
      expect(res.extensions.cost.actualQueryCost).toBeLessThanOrEqual(502);
      // A list priced per item: without `first`, each of the 100 addresses a customer may hold.
      const unbounded = await gql('{ customers(first: 50) { nodes { addresses { id } } } }');
      expect(unbounded.errors?.[0]?.extensions).toMatchObject({ code: 'MAX_COST_EXCEEDED', cost: 2 + 50 * (1 + 100) });
      const mutation = await gql('mutation { customerDelete(input: { id: "gid://platform/Customer/999999999" }) { deletedCustomerId } }');
      expect(mutation.extensions.cost.requestedQueryCost).toBe(10);
    });

    it('runs the same number of statements for a page of 1 and of 50 (no N+1)', async () => {
      // Every customer with orders names its last one, so both pages read last orders.
      await db.query(`update customers c set last_order_id = (select max(o.id) from orders o where o.customer_id = c.id) where c.shop_id = $1`, [shop.shop.id]);
      await gql(LISTING(1));
      const count = async (first: number) => {
        const { result, statements } = await sqlDuring(() => gql(LISTING(first)));
        expect(result.errors).toBeUndefined();
        const mine = statements.filter((sql) => /customers|customer_addresses|orders|order_line_items/.test(sql));
        return { statements: mine.length, customers: result.data.customers.nodes.length };
      };
      const one = await count(1);
      const fifty = await count(50);
      expect(fifty.customers).toBeGreaterThan(one.customers);
      expect(fifty.statements).toBe(one.statements);
      // customers, addresses, default addresses, last orders, order pages.
      expect(fifty.statements).toBe(5);
    });
  });
});
