import pg from 'pg';
import { getNullableType, isListType, isObjectType } from 'graphql';
import { createCustomer } from '@platform/customers/testing';
import { listBoundOf } from '@platform/graphql-types';
import { servedSchema, unboundedLists } from '@platform/graphql';
import { createOrder } from '@platform/orders/testing';
import { SystemContexts } from '@platform/request';
import { VERSION, adminQuery, send, storefrontQuery } from '../../support/http.js';
import { sqlDuring } from '../../support/sql.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';

// Issue 30, "no list without a bound": every list field of both schemas is a connection or declares its bound,
// costs what that bound lets it return, and returns no more; the stored lists behind them are capped on write.
describe('bounded lists', () => {
  let t: TestApp;
  let shop: TestShop;
  let db: pg.Client;
  let customerId: number;

  const SURFACES = ['storefront', 'admin_graphql'] as const;

  beforeAll(async () => {
    const raised = { capacity: 1e9, leakPerSecond: 1e9 };
    t = await createTestApp({}, { adminGraphql: raised, rest: raised });
    shop = await t.seedShop('acme', { products: 3, customers: 2, orders: 2, seed: 5 });
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    const ctx = t.app.get(SystemContexts).forShop(shop.shop);
    customerId = (await createCustomer(ctx, { email: 'many@example.com', password: 'many-addresses-1' })).id;
    // What a customer held before addresses were capped (the probe's 10,000): rows written around the API.
    await db.query(
      `insert into customer_addresses (shop_id, customer_id, city, country_code, is_default, created_at, updated_at)
       select $1, $2, 'City ' || n, 'CA', false, now(), now() from generate_series(1, 10000) n`,
      [shop.shop.id, customerId],
    );
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const admin = async (query: string, variables: Record<string, unknown> = {}) => (await adminQuery(t.app, shop.host, shop.tokens.adminAccessToken, query, { variables })).body;

  it.each(SURFACES)('declares a bound on every list of the %s schema that is not a connection page', (surface) => {
    const schema = servedSchema(t.app.getHttpAdapter().getInstance(), surface);
    expect(unboundedLists(schema)).toEqual([]);
    // A bound sized by an argument names one the field takes.
    const misnamed: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type)) continue;
      for (const field of Object.values(type.getFields())) {
        const bound = listBoundOf(field);
        if (!bound) continue;
        if (!isListType(getNullableType(field.type))) misnamed.push(`${type.name}.${field.name} is not a list`);
        if (bound.sizedBy && !field.args.some((a) => a.name === bound.sizedBy)) misnamed.push(`${type.name}.${field.name}(${bound.sizedBy})`);
        if (!(bound.max > 0)) misnamed.push(`${type.name}.${field.name} max ${bound.max}`);
      }
    }
    expect(misnamed).toEqual([]);
  });

  it("checks a plain list's first as a connection's: negative or over 250 refused naming it, 0 returns none", async () => {
    const product = (first: number) =>
      storefrontQuery(t.app, shop.host, `{ products(first: 1) { nodes { options(first: ${first}) { name } } } }`).then((res) => res.body);
    const none = await product(0);
    expect(none.data.products.nodes[0].options).toEqual([]);
    // `options(first: -1)` dropped the last option and `first: 0` returned them all.
    for (const first of [-1, 251]) {
      const refused = await product(first);
      expect(refused.errors[0]).toMatchObject({ message: first < 0 ? 'first must be a non-negative integer' : 'first must be at most 250', extensions: { code: 'BAD_USER_INPUT', argument: 'first' } });
    }
    const id = `gid://platform/Customer/${customerId}`;
    for (const query of [`{ customer(id: "${id}") { addresses(first: -1) { id } } }`, '{ orders(first: 1) { nodes { refunds(first: 251) { id } transactions(first: -2) { id } } } }']) {
      const res = await admin(query);
      expect(res.errors?.length).toBeGreaterThan(0);
      for (const error of res.errors) expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'first' });
    }
  });

  describe('regressions found by the hostile probe', () => {
    it('prices Customer.addresses by its bound: 99 aliases without `first` are refused before anything runs', async () => {
      const aliases = Array.from({ length: 99 }, (_, i) => `a${i}: addresses { id city }`).join(' ');
      const res = await admin(`query($id: ID!) { customer(id: $id) { ${aliases} } }`, { id: `gid://platform/Customer/${customerId}` });
      expect(res.data).toBeUndefined();
      expect(res.errors[0].extensions).toMatchObject({ code: 'MAX_COST_EXCEEDED', cost: 1 + 99 * 100 });
    });

    it('returns at most the bound of a list priced per item, whatever is stored, and reads no more', async () => {
      const { result, statements } = await sqlDuring(() =>
        admin(`query($id: ID!) { customer(id: $id) { addresses { id } five: addresses(first: 5) { id } defaultAddress { id } } }`, { id: `gid://platform/Customer/${customerId}` }),
      );
      expect(result.errors).toBeUndefined();
      expect(result.data.customer.addresses).toHaveLength(100);
      expect(result.data.customer.five).toHaveLength(5);
      expect(result.extensions.cost.requestedQueryCost).toBe(1 + 100 + 5 + 1);
      // Every read of the addresses carries its limit (the customer's own read, its ten shown and the default).
      const reads = statements.filter((sql) => /from customer_addresses/.test(sql));
      expect(reads.length).toBeGreaterThan(0);
      for (const sql of reads) expect(sql).toMatch(/rn <= \$3|rn <= 10|limit \$/);
    });

    it("pages the storefront customer's addresses in SQL: a page of one reads two rows", async () => {
      const login = await storefrontQuery(
        t.app,
        shop.host,
        'mutation { customerAccessTokenCreate(input: { email: "many@example.com", password: "many-addresses-1" }) { customerAccessToken { accessToken } } }',
        { 'x-platform-storefront-access-token': shop.tokens.storefrontAccessToken },
      );
      const token = login.body.data.customerAccessTokenCreate.customerAccessToken.accessToken;
      const query = 'query($t: String!, $after: String) { customer(customerAccessToken: $t) { addresses(first: 1, after: $after) { nodes { id } pageInfo { hasNextPage endCursor } } } }';
      const started = performance.now();
      const { result, statements } = await sqlDuring(async () =>
        (await storefrontQuery(t.app, shop.host, query, { 'x-platform-storefront-access-token': shop.tokens.storefrontAccessToken }, { variables: { t: token } })).body,
      );
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(result.data.customer.addresses.nodes).toHaveLength(1);
      expect(result.data.customer.addresses.pageInfo.hasNextPage).toBe(true);
      expect(statements.filter((sql) => /from customer_addresses/.test(sql)).every((sql) => /limit \$3/.test(sql))).toBe(true);
      const next = await storefrontQuery(t.app, shop.host, query, { 'x-platform-storefront-access-token': shop.tokens.storefrontAccessToken }, { variables: { t: token, after: result.data.customer.addresses.pageInfo.endCursor } });
      expect(next.body.data.customer.addresses.nodes[0].id).not.toBe(result.data.customer.addresses.nodes[0].id);
    });

    it('replaces the addresses on PUT (40 PUTs leave what the last one sent) and refuses more than 100', async () => {
      const ctx = t.app.get(SystemContexts).forShop(shop.shop);
      const created = await createCustomer(ctx, { email: 'put@example.com' });
      const url = `/admin/api/${VERSION}/customers/${created.id}.json`;
      const put = (addresses: unknown[]) =>
        send(t.app, { method: 'PUT', url, host: shop.host, headers: { 'x-platform-access-token': shop.tokens.adminAccessToken }, body: { customer: { addresses } } });
      const fifty = Array.from({ length: 50 }, (_, i) => ({ address1: `${i} Main St`, city: 'Ottawa', country_code: 'CA' }));
      for (let i = 0; i < 40; i++) expect((await put(fifty)).status).toBe(200);
      const [{ n }] = (await db.query('select count(*)::int as n from customer_addresses where customer_id = $1', [created.id])).rows;
      expect(n).toBe(50);

      // An address named by id is kept and changed, the others are new, and those not named are removed.
      const kept = (await db.query('select id::int from customer_addresses where customer_id = $1 order by id limit 1', [created.id])).rows[0].id;
      const res = await put([{ id: kept, city: 'Toronto' }, { address1: '1 New St', city: 'Montreal', country_code: 'CA' }]);
      expect(res.status).toBe(200);
      expect(res.body.customer.addresses.map((a: any) => a.city).sort()).toEqual(['Montreal', 'Toronto']);
      expect(res.body.customer.addresses.find((a: any) => a.id === kept).city).toBe('Toronto');
      expect(res.body.customer.default_address).not.toBeNull();

      const over = await put(Array.from({ length: 101 }, () => ({ city: 'Ottawa', country_code: 'CA' })));
      expect(over.status).toBe(422);
      expect(over.body.errors.addresses).toEqual(['cannot be more than 100 for a customer']);
      const [{ after }] = (await db.query('select count(*)::int as after from customer_addresses where customer_id = $1', [created.id])).rows;
      expect(after).toBe(2);
    });

    it('caps the risks of an order at 20, on REST and on admin GraphQL', async () => {
      const ctx = t.app.get(SystemContexts).forShop(shop.shop);
      const order = await createOrder(ctx, {});
      await db.query(
        `insert into order_risks (shop_id, order_id, app_id, source, recommendation, risk_level, display, cause_cancel, message, facts, created_at, updated_at)
         select $1, $2, null, 'External', 'accept', 'LOW', true, false, 'ok', '[]', now(), now() from generate_series(1, 20)`,
        [shop.shop.id, order.id],
      );
      const rest = await send(t.app, {
        method: 'POST',
        url: `/admin/api/${VERSION}/orders/${order.id}/risks.json`,
        host: shop.host,
        headers: { 'x-platform-access-token': shop.tokens.adminAccessToken },
        body: { risk: { message: 'one more', recommendation: 'accept', score: '0.1', source: 'External', display: true, cause_cancel: false } },
      });
      expect(rest.status).toBe(422);
      expect(rest.body.errors.order_id).toEqual(['The order already has 20 risks, the most it can hold']);
      const gql = await admin(
        `mutation($o: ID!) { orderRiskAssessmentCreate(orderRiskAssessmentInput: { orderId: $o, riskLevel: LOW, facts: [] }) { orderRiskAssessment { riskLevel } userErrors { code field message } } }`,
        { o: `gid://platform/Order/${order.id}` },
      );
      expect(gql.data.orderRiskAssessmentCreate.userErrors).toEqual([{ code: 'INVALID', field: ['orderRiskAssessmentInput', 'orderId'], message: 'The order already has 20 risks, the most it can hold' }]);
      const [{ n }] = (await db.query('select count(*)::int as n from order_risks where order_id = $1', [order.id])).rows;
      expect(n).toBe(20);
    });
  });
});
