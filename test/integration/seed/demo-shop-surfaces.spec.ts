import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD, DemoShopService, demoTokens } from '@platform/seed';
import { VERSION, adminQuery, send, storefrontQuery } from '../../support/http.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// The demo shop as `npm start` makes it: its 60 customers reachable on REST and admin GraphQL with the tokens the
// docs name, in every state, with the data docs/admin.md shows (more than ten addresses, orders, consents). The docs'
// examples themselves run in test/e2e/docs/.

describe('the demo shop on the admin surfaces', () => {
  let t: TestApp;
  const host = 'localhost';
  const token = demoTokens().adminAccessToken;
  const headers = { 'x-platform-access-token': token };

  beforeAll(async () => {
    t = await createTestApp({ DEFAULT_SHOP: 'demo' });
    await t.app.get(DemoShopService).ensureDemoShop();
  }, 120_000);
  afterAll(() => t?.close());

  /** Every customer of the REST list, following its Link header. */
  async function restCustomers(): Promise<any[]> {
    const customers: any[] = [];
    let url: string | undefined = `/admin/api/${VERSION}/customers.json?limit=25`;
    while (url) {
      const res = await send(t.app, { url, host, headers });
      expect(res.status).toBe(200);
      customers.push(...res.body.customers);
      const next = /<([^>]+)>;\s*rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
      url = next && `${new URL(next).pathname}${new URL(next).search}`;
    }
    return customers;
  }

  it('lists all 60 customers on REST by Link pages and on admin GraphQL, the same ones, in every state', async () => {
    const rest = await restCustomers();
    expect(rest).toHaveLength(60);
    expect(new Set(rest.map((c) => c.state))).toEqual(new Set(['enabled', 'invited', 'disabled', 'declined']));
    const graphql = await adminQuery(t.app, host, token, '{ customers(first: 100) { nodes { legacyResourceId state } } customersCount { count } }');
    expect(graphql.body.errors).toBeUndefined();
    expect(graphql.body.data.customersCount.count).toBe(60);
    expect(graphql.body.data.customers.nodes.map((c: any) => [Number(c.legacyResourceId), c.state.toLowerCase()])).toEqual(rest.map((c) => [c.id, c.state]));
  });

  it('shows ten addresses on REST and all of them on GraphQL for customers with more, unique phones, consents and last orders', async () => {
    const rest = await restCustomers();
    const phones = rest.flatMap((c) => (c.phone ? [c.phone] : []));
    expect(new Set(phones).size).toBe(phones.length);
    expect(rest.some((c) => c.sms_marketing_consent?.state === 'subscribed')).toBe(true);
    expect(rest.some((c) => c.email_marketing_consent.state === 'subscribed')).toBe(true);
    expect(rest.some((c) => c.tax_exempt && c.tax_exemptions.length === 1)).toBe(true);
    expect(rest.some((c) => c.note && c.tags)).toBe(true);

    const withOrders = rest.filter((c) => c.orders_count > 0);
    expect(withOrders.length).toBeGreaterThan(5);
    for (const c of withOrders) expect(c.last_order_name).toMatch(/^#\d+$/);

    const many = rest.filter((c) => c.addresses.length === 10);
    expect(many.length).toBeGreaterThanOrEqual(3);
    for (const c of many) {
      expect(c.default_address).not.toBeNull();
      const res = await adminQuery(t.app, host, token, `{ customer(id: "${c.admin_graphql_api_id}") { addresses { id } } }`);
      expect(res.body.data.customer.addresses.length).toBeGreaterThanOrEqual(12);
    }
  });

  it("lets the demo customer sign in on the storefront with the documented password", async () => {
    const res = await storefrontQuery(
      t.app,
      host,
      `mutation { customerAccessTokenCreate(input: { email: "${DEMO_CUSTOMER_EMAIL}", password: "${DEMO_CUSTOMER_PASSWORD}" }) { customerAccessToken { accessToken } customerUserErrors { code } } }`,
      { 'x-platform-storefront-access-token': demoTokens().storefrontAccessToken },
    );
    expect(res.body.data.customerAccessTokenCreate.customerUserErrors).toEqual([]);
    expect(res.body.data.customerAccessTokenCreate.customerAccessToken.accessToken).toEqual(expect.any(String));
  });
});
