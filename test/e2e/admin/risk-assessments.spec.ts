import pg from 'pg';
import { AuthService } from '@platform/auth';
import { createCustomer } from '@platform/customers/testing';
import { createOrder } from '@platform/orders/testing';
import { SystemContexts } from '@platform/request';
import { adminQuery, send, VERSION } from '../../support/http.js';
import { sqlDuring } from '../../support/sql.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';

// Order risk on the admin schema: orderRiskAssessmentCreate (its userErrors, nothing written on bad input) and
// Order.risk, consistent with the REST risks (the same rows), batched for a page of orders, under its scopes.

const CREATE = `mutation($input: OrderRiskAssessmentCreateInput!) {
  orderRiskAssessmentCreate(orderRiskAssessmentInput: $input) {
    orderRiskAssessment { riskLevel facts { description sentiment } provider { id title } }
    userErrors { field message code } } }`;
const RISK = `query($id: ID!) { node(id: $id) { ... on Order { risk { recommendation assessments { riskLevel facts { description sentiment } provider { title } } } } } }`;

const orderGid = (id: number) => `gid://platform/Order/${id}`;

describe('admin GraphQL order risk', () => {
  let t: TestApp;
  let shop: TestShop;
  let other: TestShop;
  let db: pg.Client;
  let radar: { appId: number; adminAccessToken: string };

  beforeAll(async () => {
    const raised = { capacity: 1e9, leakPerSecond: 1e9 };
    t = await createTestApp({}, { adminGraphql: raised, rest: raised });
    shop = await t.createShop('acme');
    other = await t.createShop('globex');
    radar = await t.app.get(AuthService).installApp(shop.shop.id, 'Risk Radar', 'read_orders,write_orders');
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const ctxOf = (s: TestShop) => t.app.get(SystemContexts).forShop(s.shop);
  const gql = async (query: string, variables: Record<string, unknown> = {}, token = shop.tokens.adminAccessToken) => {
    const res = await adminQuery(t.app, shop.host, token, query, { variables });
    expect(res.status).toBe(200);
    return res.body as { data?: any; errors?: any[] };
  };
  const riskCount = async () => Number((await db.query('select count(*) from order_risks')).rows[0].count);

  it('creates an assessment of the calling app, cutting descriptions at 256 characters', async () => {
    const order = await createOrder(ctxOf(shop));
    const long = 'x'.repeat(300);
    const res = await gql(
      CREATE,
      { input: { orderId: orderGid(order.id), riskLevel: 'HIGH', facts: [{ description: 'Proxy IP', sentiment: 'NEGATIVE' }, { description: long, sentiment: 'NEUTRAL' }] } },
      radar.adminAccessToken,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.orderRiskAssessmentCreate).toEqual({
      orderRiskAssessment: {
        riskLevel: 'HIGH',
        facts: [{ description: 'Proxy IP', sentiment: 'NEGATIVE' }, { description: 'x'.repeat(256), sentiment: 'NEUTRAL' }],
        provider: { id: `gid://platform/App/${radar.appId}`, title: 'Risk Radar' },
      },
      userErrors: [],
    });
    // REST shows it as a cancel risk, its facts as the message.
    const rest = await send(t.app, { url: `/admin/api/${VERSION}/orders/${order.id}/risks.json`, host: shop.host, headers: { 'x-platform-access-token': radar.adminAccessToken } });
    expect(rest.body.risks).toEqual([expect.objectContaining({ recommendation: 'cancel', message: `Proxy IP\n${'x'.repeat(256)}`, display: true, score: null })]);
  });

  it('answers Order.risk with the REST risks and assessments alike, recommending the most severe displayed one', async () => {
    const order = await createOrder(ctxOf(shop));
    const empty = await gql(RISK, { id: orderGid(order.id) });
    expect(empty.data.node.risk).toEqual({ recommendation: 'NONE', assessments: [] });
    const post = (risk: Record<string, unknown>, token = shop.tokens.adminAccessToken) =>
      send(t.app, { method: 'POST', url: `/admin/api/${VERSION}/orders/${order.id}/risks.json`, host: shop.host, headers: { 'x-platform-access-token': token }, body: { risk } });
    expect((await post({ recommendation: 'accept', message: 'Address verified' })).status).toBe(201);
    expect((await post({ recommendation: 'cancel', message: 'Hidden', display: false })).status).toBe(201);
    await gql(CREATE, { input: { orderId: orderGid(order.id), riskLevel: 'MEDIUM', facts: [{ description: 'New card', sentiment: 'NEUTRAL' }] } }, radar.adminAccessToken);
    await gql(CREATE, { input: { orderId: orderGid(order.id), riskLevel: 'PENDING', facts: [] } }, radar.adminAccessToken);
    const res = await gql(RISK, { id: orderGid(order.id) });
    expect(res.errors).toBeUndefined();
    expect(res.data.node.risk).toEqual({
      recommendation: 'INVESTIGATE',
      assessments: [
        { riskLevel: 'LOW', facts: [{ description: 'Address verified', sentiment: 'POSITIVE' }], provider: { title: 'acme app' } },
        { riskLevel: 'MEDIUM', facts: [{ description: 'New card', sentiment: 'NEUTRAL' }], provider: { title: 'Risk Radar' } },
        { riskLevel: 'PENDING', facts: [], provider: { title: 'Risk Radar' } },
      ],
    });
  });

  it('answers bad input as userErrors and writes nothing', async () => {
    const order = await createOrder(ctxOf(shop));
    const fulfilled = await createOrder(ctxOf(shop), { fulfillmentStatus: 'fulfilled' });
    const foreign = await createOrder(ctxOf(other));
    const customer = await createCustomer(ctxOf(shop));
    const before = await riskCount();
    const fact = { description: 'x', sentiment: 'NEUTRAL' };
    const cases: [Record<string, unknown>, { field: string[]; code: string }[]][] = [
      [{ orderId: orderGid(order.id), riskLevel: 'LOW', facts: Array.from({ length: 21 }, () => fact) }, [{ field: ['orderRiskAssessmentInput', 'facts'], code: 'TOO_MANY_FACTS' }]],
      [{ orderId: orderGid(foreign.id), riskLevel: 'LOW', facts: [] }, [{ field: ['orderRiskAssessmentInput', 'orderId'], code: 'NOT_FOUND' }]],
      [{ orderId: orderGid(999_999_999), riskLevel: 'LOW', facts: [] }, [{ field: ['orderRiskAssessmentInput', 'orderId'], code: 'NOT_FOUND' }]],
      [{ orderId: `gid://platform/Customer/${customer.id}`, riskLevel: 'LOW', facts: [] }, [{ field: ['orderRiskAssessmentInput', 'orderId'], code: 'NOT_FOUND' }]],
      [{ orderId: 'not a gid', riskLevel: 'LOW', facts: [] }, [{ field: ['orderRiskAssessmentInput', 'orderId'], code: 'NOT_FOUND' }]],
      [{ orderId: orderGid(fulfilled.id), riskLevel: 'LOW', facts: [] }, [{ field: ['orderRiskAssessmentInput', 'orderId'], code: 'ORDER_ALREADY_FULFILLED' }]],
      [{ orderId: orderGid(order.id), riskLevel: 'LOW', facts: [{ description: ' ', sentiment: 'NEUTRAL' }] }, [{ field: ['orderRiskAssessmentInput', 'facts', '0', 'description'], code: 'INVALID' }]],
    ];
    for (const [input, errors] of cases) {
      const res = await gql(CREATE, { input });
      const answer = res.data?.orderRiskAssessmentCreate ?? res.errors;
      expect({ input, answer }).toEqual({ input, answer: { orderRiskAssessment: null, userErrors: errors.map((e) => ({ ...e, message: expect.any(String) })) } });
    }
    // Wrong types and unknown enum values are refused by the schema.
    for (const input of [{ orderId: orderGid(order.id), riskLevel: 'SEVERE', facts: [] }, { orderId: orderGid(order.id), riskLevel: 'LOW', facts: [{ description: 3, sentiment: 'ANGRY' }] }, { orderId: 7, riskLevel: 'LOW' }]) {
      const res = await gql(CREATE, { input });
      expect({ input, data: res.data, errors: res.errors?.length }).toEqual({ input, data: undefined, errors: expect.any(Number) });
    }
    // NUL bytes are refused before the mutation runs.
    const nul = await gql(CREATE, { input: { orderId: orderGid(order.id), riskLevel: 'LOW', facts: [{ description: 'a\u0000b', sentiment: 'NEUTRAL' }] } });
    expect(nul.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await riskCount()).toBe(before);
  });

  it('asks write_orders for the mutation and read_orders for Order.risk', async () => {
    const order = await createOrder(ctxOf(shop));
    const { adminAccessToken: readOnly } = await t.app.get(AuthService).installApp(shop.shop.id, 'reader', 'read_orders');
    const { adminAccessToken: noOrders } = await t.app.get(AuthService).installApp(shop.shop.id, 'catalog', 'read_products,read_customers');
    const denied = await gql(CREATE, { input: { orderId: orderGid(order.id), riskLevel: 'LOW', facts: [] } }, readOnly);
    expect(denied.errors?.[0]?.extensions?.code).toBe('ACCESS_DENIED');
    expect(denied.data?.orderRiskAssessmentCreate ?? null).toBeNull();
    const customer = await createCustomer(ctxOf(shop));
    await createOrder(ctxOf(shop), { customerId: customer.id });
    const read = await gql(`query($id: ID!) { customer(id: $id) { id } }`, { id: `gid://platform/Customer/${customer.id}` }, noOrders);
    expect(read.errors).toBeUndefined();
    const risk = await gql(RISK, { id: orderGid(order.id) }, readOnly);
    expect(risk.data.node.risk.recommendation).toBe('NONE');
  });

  it('reads the risks of a page of orders in one statement, whatever the page size', async () => {
    const ctx = ctxOf(shop);
    const customer = await createCustomer(ctx);
    for (let i = 0; i < 6; i += 1) {
      const order = await createOrder(ctx, { customerId: customer.id });
      await gql(CREATE, { input: { orderId: orderGid(order.id), riskLevel: i % 2 ? 'HIGH' : 'LOW', facts: [{ description: `check ${i}`, sentiment: 'NEUTRAL' }] } }, radar.adminAccessToken);
    }
    const query = (first: number) =>
      `query($id: ID!) { customer(id: $id) { orders(first: ${first}) { nodes { id risk { recommendation assessments { riskLevel provider { title } } } } } } }`;
    const id = `gid://platform/Customer/${customer.id}`;
    await gql(query(1), { id });
    const small = await sqlDuring(() => gql(query(1), { id }));
    const large = await sqlDuring(() => gql(query(6), { id }));
    expect(large.result.errors).toBeUndefined();
    expect(large.result.data.customer.orders.nodes.map((o: any) => o.risk.recommendation)).toEqual(['ACCEPT', 'CANCEL', 'ACCEPT', 'CANCEL', 'ACCEPT', 'CANCEL']);
    const riskReads = (statements: string[]) => statements.filter((s) => s.includes('order_risks')).length;
    expect(riskReads(large.statements)).toBe(1);
    expect(large.statements.length).toBe(small.statements.length);
  });
});
