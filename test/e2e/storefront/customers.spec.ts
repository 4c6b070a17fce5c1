import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { hashToken } from '@platform/auth';
import { createCustomerAccessToken } from '@platform/customers/testing';
import { Decimal } from '@platform/money';
import { SystemContexts } from '@platform/request';
import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD } from '@platform/seed';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { storefrontQuery } from '../../support/http.js';

type Gql = { status: number; data?: any; errors?: any };

const DAY = 24 * 60 * 60 * 1000;

const LOGIN = `mutation($input: CustomerAccessTokenCreateInput!) {
  customerAccessTokenCreate(input: $input) { customerAccessToken { accessToken expiresAt } customerUserErrors { code field message } userErrors { field message } } }`;
const CREATE = `mutation($input: CustomerCreateInput!) {
  customerCreate(input: $input) { customer { id email firstName lastName phone acceptsMarketing displayName numberOfOrders } customerUserErrors { code field message } } }`;
const UPDATE = `mutation($token: String!, $customer: CustomerUpdateInput!) {
  customerUpdate(customerAccessToken: $token, customer: $customer) {
    customer { id email firstName lastName phone acceptsMarketing } customerAccessToken { accessToken expiresAt } customerUserErrors { code field message } } }`;
const RENEW = `mutation($token: String!) { customerAccessTokenRenew(customerAccessToken: $token) { customerAccessToken { accessToken expiresAt } userErrors { field message } } }`;
const DELETE = `mutation($token: String!) { customerAccessTokenDelete(customerAccessToken: $token) { deletedAccessToken deletedCustomerAccessTokenId userErrors { field message } } }`;
const WHO = 'query($token: String!) { customer(customerAccessToken: $token) { id email firstName lastName } }';

// Less than one scrypt derivation at the password parameters takes on any machine this runs on (about 40-60 ms).
const SCRYPT_FLOOR_MS = 15;

describe('storefront customers', () => {
  let t: TestApp;
  let shop: TestShop;
  let other: TestShop;
  let db: pg.Client;
  const PUBLIC = (): Record<string, string> => ({ 'x-platform-storefront-access-token': shop.tokens.storefrontAccessToken });
  const PRIVATE = (): Record<string, string> => ({ 'platform-storefront-private-token': shop.tokens.storefrontPrivateToken, 'platform-storefront-buyer-ip': '203.0.113.7' });

  beforeAll(async () => {
    // Raised storefront and login buckets: this file sends many requests and logins from one address
    // (the login limit has its own file, test/e2e/throttling/login-limits.spec.ts).
    const raised = { capacity: 100_000, leakPerSecond: 1000 };
    t = await createTestApp({}, { storefront: raised, customerLogin: { perEmail: raised, perIp: raised } });
    // Seed 2 gives the demo customer three of the ten orders.
    shop = await t.seedShop('acme', { products: 10, customers: 10, orders: 10, seed: 2 });
    other = await t.seedShop('other', { products: 2, customers: 2, orders: 0, seed: 8 });
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const gqlOn = async (target: TestShop, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<Gql> => {
    const res = await storefrontQuery(t.app, target.host, query, headers, { variables });
    return { status: res.status, ...res.body };
  };
  const gql = (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = PUBLIC()) => gqlOn(shop, query, variables, headers);
  const rows = async <T = any>(sql: string, params: unknown[] = []): Promise<T[]> => (await db.query(sql, params)).rows as T[];
  const customerCount = async () => Number((await rows('select count(*)::int as n from customers where shop_id = $1', [shop.shop.id]))[0].n);
  const logIn = async (email: string, password: string, headers: Record<string, string> = PUBLIC()) => {
    const res = await gql(LOGIN, { input: { email, password } }, headers);
    expect(res.errors).toBeUndefined();
    return res.data.customerAccessTokenCreate;
  };
  const tokenFor = async (email = DEMO_CUSTOMER_EMAIL, password = DEMO_CUSTOMER_PASSWORD): Promise<string> => {
    const payload = await logIn(email, password);
    expect(payload.customerUserErrors).toEqual([]);
    return payload.customerAccessToken.accessToken;
  };

  describe('logging in', () => {
    it('gives the demo customer a token that expires in six weeks, stored only as its hash', async () => {
      const before = Date.now();
      const payload = await logIn(DEMO_CUSTOMER_EMAIL.toUpperCase(), DEMO_CUSTOMER_PASSWORD);
      expect(payload.customerUserErrors).toEqual([]);
      expect(payload.userErrors).toEqual([]);
      const { accessToken, expiresAt } = payload.customerAccessToken;
      expect(accessToken).toMatch(/^[0-9a-f]{32}$/);
      const expires = Date.parse(expiresAt);
      expect(expires).toBeGreaterThanOrEqual(before + 42 * DAY);
      expect(expires).toBeLessThanOrEqual(Date.now() + 42 * DAY);
      const stored = await rows('select token_hash, expires_at from customer_access_tokens where token_hash = $1', [hashToken(accessToken)]);
      expect(stored).toHaveLength(1);
      expect(stored[0].expires_at.toISOString()).toBe(expiresAt);
      expect(JSON.stringify(await rows('select * from customer_access_tokens'))).not.toContain(accessToken);
    });

    it('answers UNIDENTIFIED_CUSTOMER for a wrong password or an unknown email', async () => {
      const unidentified = { customerAccessToken: null, customerUserErrors: [{ code: 'UNIDENTIFIED_CUSTOMER', field: null, message: 'Unidentified customer' }], userErrors: [{ field: null, message: 'Unidentified customer' }] };
      expect(await logIn(DEMO_CUSTOMER_EMAIL, 'wrong-password')).toEqual(unidentified);
      expect(await logIn('nobody@example.com', DEMO_CUSTOMER_PASSWORD)).toEqual(unidentified);
      expect(await logIn('', '')).toEqual(unidentified);
    });

    // Regression (issue 30, item 9): how long a refusal takes must not tell which emails have an account.
    it('takes as long to refuse an unknown email as a wrong password', async () => {
      const medianTime = async (email: string) => {
        const times: number[] = [];
        for (let i = 0; i < 5; i++) {
          const started = performance.now();
          expect((await logIn(email, 'wrong-password-1')).customerUserErrors[0].code).toBe('UNIDENTIFIED_CUSTOMER');
          times.push(performance.now() - started);
        }
        return times.sort((a, b) => a - b)[2]!;
      };
      const known = await medianTime(DEMO_CUSTOMER_EMAIL);
      const unknown = await medianTime('nobody-here@example.com');
      // Both pay one scrypt derivation (tens of milliseconds); skipping it for unknown emails would answer in a few.
      // A floor rather than a ratio of two timings: load only makes either slower, so it cannot fail spuriously.
      expect(known).toBeGreaterThan(SCRYPT_FLOOR_MS);
      expect(unknown).toBeGreaterThan(SCRYPT_FLOOR_MS);
    });

    it('refuses invited, declined and disabled customers, and a token stops working when its customer is disabled', async () => {
      const inactive = await rows<{ email: string }>(`select email from customers where shop_id = $1 and state <> 'enabled' order by id`, [shop.shop.id]);
      expect(inactive.length).toBeGreaterThanOrEqual(2);
      for (const { email } of inactive) {
        expect((await logIn(email, DEMO_CUSTOMER_PASSWORD)).customerUserErrors[0].code).toBe('UNIDENTIFIED_CUSTOMER');
      }
      const [enabled] = await rows<{ id: number; email: string }>(
        `select id::int, email from customers where shop_id = $1 and state = 'enabled' and email <> $2 order by id limit 1`,
        [shop.shop.id, DEMO_CUSTOMER_EMAIL],
      );
      const token = await tokenFor(enabled.email);
      expect((await gql(WHO, { token })).data.customer.email).toBe(enabled.email);
      await db.query(`update customers set state = 'disabled' where id = $1`, [enabled.id]);
      try {
        expect(await gql(WHO, { token })).toEqual({ status: 200, data: { customer: null } });
        expect((await gql(RENEW, { token })).data.customerAccessTokenRenew.customerAccessToken).toBeNull();
      } finally {
        await db.query(`update customers set state = 'enabled' where id = $1`, [enabled.id]);
      }
    });
  });

  describe('the customer query', () => {
    it('answers the customer with addresses and orders, totals as exact decimal strings', async () => {
      const token = await tokenFor();
      const [me] = await rows(`select id::int, first_name, last_name, email, phone, orders_count, tags, email_marketing_consent
        from customers where shop_id = $1 and email = $2`, [shop.shop.id, DEMO_CUSTOMER_EMAIL]);
      const addresses = await rows(`select * from customer_addresses where customer_id = $1 order by id`, [me.id]);
      // The current total: less the goods, their tax and the shipping refunds gave back.
      const orders = await rows(`select o.id::int, o.name, o.number, o.email, o.currency, o.financial_status, o.fulfillment_status, o.processed_at,
          o.subtotal_price::text, o.total_tax::text, o.total_price::text,
          (o.total_price - (select coalesce(sum(rl.subtotal + rl.total_tax), 0) from refund_line_items rl join refunds r on r.id = rl.refund_id where r.order_id = o.id)
            - (select coalesce(sum(r.shipping), 0) from refunds r where r.order_id = o.id))::numeric(20, 2)::text as current_total
        from orders o where o.customer_id = $1 order by o.id`, [me.id]);
      expect(addresses.length).toBeGreaterThanOrEqual(1);
      expect(orders.length).toBeGreaterThanOrEqual(1);
      // A line's variant shows while its product is visible on the storefront.
      const lines = await rows(`select li.order_id::int, li.title, li.quantity, li.price::text, p.id is not null as visible, li.variant_id::int
        from order_line_items li left join product_variants v on v.id = li.variant_id
        left join products p on p.id = v.product_id and p.status = 'active' and p.published_at <= now()
        where li.order_id = any($1) order by li.order_id, li.id`, [orders.map((o) => o.id)]);
      expect(lines.some((l) => l.visible)).toBe(true);

      const res = await gql(
        `query($token: String!) { customer(customerAccessToken: $token) {
          id firstName lastName displayName email phone acceptsMarketing createdAt updatedAt tags numberOfOrders
          defaultAddress { id address1 city countryCodeV2 }
          addresses(first: 10) { nodes { id firstName lastName company address1 address2 city province provinceCode country countryCodeV2 zip phone name formatted formattedArea } }
          orders(first: 10) { edges { cursor node { id name orderNumber processedAt email financialStatus fulfillmentStatus
            currentTotalPrice { amount currencyCode } totalPrice { amount currencyCode } subtotalPrice { amount } totalTax { amount }
            lineItems(first: 10) { nodes { title quantity originalTotalPrice { amount currencyCode } variant { id title } } } } }
            pageInfo { hasNextPage hasPreviousPage } } } }`,
        { token },
      );
      expect(res.errors).toBeUndefined();
      const c = res.data.customer;
      expect(c).toMatchObject({
        id: `gid://platform/Customer/${me.id}`,
        firstName: me.first_name,
        lastName: me.last_name,
        displayName: `${me.first_name} ${me.last_name}`,
        email: DEMO_CUSTOMER_EMAIL,
        phone: me.phone,
        acceptsMarketing: me.email_marketing_consent.state === 'subscribed',
        tags: me.tags,
        numberOfOrders: String(me.orders_count),
      });
      expect(c.addresses.nodes.map((a: any) => a.id)).toEqual(addresses.map((a) => `gid://platform/MailingAddress/${a.id}`));
      const first = c.addresses.nodes[0];
      expect(first).toMatchObject({ address1: addresses[0].address1, city: addresses[0].city, zip: addresses[0].zip, countryCodeV2: addresses[0].country_code, provinceCode: addresses[0].province_code });
      expect(first.name).toBe([addresses[0].first_name, addresses[0].last_name].filter(Boolean).join(' '));
      expect(first.formatted).toContain(addresses[0].address1);
      expect(first.formatted.at(-1)).toBe(addresses[0].country);
      const byDefault = addresses.find((a) => a.is_default);
      expect(c.defaultAddress.id).toBe(`gid://platform/MailingAddress/${byDefault.id}`);

      expect(c.orders.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: false });
      expect(c.orders.edges).toHaveLength(orders.length);
      c.orders.edges.forEach(({ node }: any, i: number) => {
        const o = orders[i];
        expect(node).toMatchObject({
          id: `gid://platform/Order/${o.id}`,
          name: o.name,
          orderNumber: o.number,
          processedAt: o.processed_at.toISOString(),
          email: o.email,
          financialStatus: o.financial_status.toUpperCase(),
          currentTotalPrice: { amount: o.current_total, currencyCode: o.currency },
          totalPrice: { amount: o.total_price, currencyCode: o.currency },
          subtotalPrice: { amount: o.subtotal_price },
          totalTax: { amount: o.total_tax },
        });
        expect(node.totalPrice.amount).toMatch(/^\d+\.\d{2}$/);
        const mine = lines.filter((l) => l.order_id === o.id);
        expect(node.lineItems.nodes).toEqual(
          mine.map((l) => ({
            title: l.title,
            quantity: l.quantity,
            originalTotalPrice: { amount: new Decimal(l.price).times(l.quantity).toFixed(2), currencyCode: o.currency },
            variant: l.visible ? { id: `gid://platform/ProductVariant/${l.variant_id}`, title: expect.any(String) } : null,
          })),
        );
      });
    });

    it('answers null for an unknown, expired or deleted token', async () => {
      expect((await gql(WHO, { token: 'f'.repeat(32) })).data.customer).toBeNull();
      expect((await gql(WHO, { token: 'x'.repeat(5000) })).data.customer).toBeNull();
      const [me] = await rows(`select id::int from customers where shop_id = $1 and email = $2`, [shop.shop.id, DEMO_CUSTOMER_EMAIL]);
      const ctx = t.app.get(SystemContexts).forShop(shop.shop);
      const { accessToken: expired } = await createCustomerAccessToken(ctx, me.id, { expiresAt: new Date(Date.now() - 1000) });
      expect(await gql(WHO, { token: expired })).toEqual({ status: 200, data: { customer: null } });
      const { accessToken: live } = await createCustomerAccessToken(ctx, me.id);
      expect((await gql(WHO, { token: live })).data.customer.email).toBe(DEMO_CUSTOMER_EMAIL);
    });

    it("does not know another shop's tokens, even for a customer with the same email", async () => {
      const token = await tokenFor();
      expect((await gqlOn(other, WHO, { token }, { 'x-platform-storefront-access-token': other.tokens.storefrontAccessToken })).data.customer).toBeNull();
      const login = await gqlOn(other, LOGIN, { input: { email: DEMO_CUSTOMER_EMAIL, password: DEMO_CUSTOMER_PASSWORD } }, { 'x-platform-storefront-access-token': other.tokens.storefrontAccessToken });
      const otherToken = login.data.customerAccessTokenCreate.customerAccessToken.accessToken;
      const there = await gqlOn(other, WHO, { token: otherToken }, { 'x-platform-storefront-access-token': other.tokens.storefrontAccessToken });
      expect(there.data.customer.email).toBe(DEMO_CUSTOMER_EMAIL);
      expect((await gql(WHO, { token: otherToken })).data.customer).toBeNull();
      const [mine] = await rows(`select id::int from customers where shop_id = $1 and email = $2`, [shop.shop.id, DEMO_CUSTOMER_EMAIL]);
      expect(there.data.customer.id).not.toBe(`gid://platform/Customer/${mine.id}`);
      // Deleting or renewing it from the wrong shop does nothing either.
      expect((await gql(DELETE, { token: otherToken })).data.customerAccessTokenDelete.deletedAccessToken).toBeNull();
      expect((await gql(RENEW, { token: otherToken })).data.customerAccessTokenRenew.customerAccessToken).toBeNull();
    });

    it('works with the public and the private storefront token alike', async () => {
      const viaPrivate = await logIn(DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD, PRIVATE());
      const token = viaPrivate.customerAccessToken.accessToken;
      for (const headers of [PUBLIC(), PRIVATE()]) {
        expect((await gql(WHO, { token }, headers)).data.customer.email).toBe(DEMO_CUSTOMER_EMAIL);
      }
    });

  });

  describe('renewing and deleting tokens', () => {
    it('renews a live token for a full lifetime, and refuses an expired one', async () => {
      const token = await tokenFor();
      await db.query(`update customer_access_tokens set expires_at = now() + interval '1 hour' where token_hash = $1`, [hashToken(token)]);
      const before = Date.now();
      const renewed = (await gql(RENEW, { token })).data.customerAccessTokenRenew;
      expect(renewed.userErrors).toEqual([]);
      expect(renewed.customerAccessToken.accessToken).toBe(token);
      expect(Date.parse(renewed.customerAccessToken.expiresAt)).toBeGreaterThanOrEqual(before + 42 * DAY);
      const [row] = await rows('select expires_at from customer_access_tokens where token_hash = $1', [hashToken(token)]);
      expect(row.expires_at.toISOString()).toBe(renewed.customerAccessToken.expiresAt);

      await db.query(`update customer_access_tokens set expires_at = now() - interval '1 minute' where token_hash = $1`, [hashToken(token)]);
      expect((await gql(RENEW, { token })).data.customerAccessTokenRenew).toEqual({
        customerAccessToken: null,
        userErrors: [{ field: ['customerAccessToken'], message: 'Access token does not exist' }],
      });
    });

    it('deletes a token (logging out) so it stops working at once', async () => {
      const token = await tokenFor();
      const [row] = await rows('select id::int from customer_access_tokens where token_hash = $1', [hashToken(token)]);
      expect((await gql(DELETE, { token })).data.customerAccessTokenDelete).toEqual({
        deletedAccessToken: token,
        deletedCustomerAccessTokenId: `gid://platform/CustomerAccessToken/${row.id}`,
        userErrors: [],
      });
      expect((await gql(WHO, { token })).data.customer).toBeNull();
      expect((await gql(DELETE, { token })).data.customerAccessTokenDelete).toEqual({
        deletedAccessToken: null,
        deletedCustomerAccessTokenId: null,
        userErrors: [{ field: ['customerAccessToken'], message: 'Access token does not exist' }],
      });
    });
  });

  describe('customerCreate', () => {
    it('creates an enabled account that can log in', async () => {
      const res = await gql(CREATE, {
        input: { email: ' New.Buyer@Example.com ', password: 'sup3rsecret', firstName: 'New', lastName: 'Buyer', phone: '+1 613 555 0101', acceptsMarketing: true },
      });
      expect(res.errors).toBeUndefined();
      const { customer, customerUserErrors } = res.data.customerCreate;
      expect(customerUserErrors).toEqual([]);
      expect(customer).toMatchObject({
        email: 'new.buyer@example.com',
        firstName: 'New',
        lastName: 'Buyer',
        phone: '+16135550101',
        acceptsMarketing: true,
        displayName: 'New Buyer',
        numberOfOrders: '0',
      });
      const [row] = await rows(`select id::int, state, password_hash, email_marketing_consent, currency from customers where shop_id = $1 and email = 'new.buyer@example.com'`, [shop.shop.id]);
      expect(customer.id).toBe(`gid://platform/Customer/${row.id}`);
      expect(row).toMatchObject({ state: 'enabled', currency: 'USD', email_marketing_consent: { state: 'subscribed', optInLevel: 'single_opt_in' } });
      expect(row.password_hash).toMatch(/^scrypt\$/);
      const token = await tokenFor('new.buyer@example.com', 'sup3rsecret');
      expect((await gql(WHO, { token })).data.customer.email).toBe('new.buyer@example.com');
    });

    it.each([
      ['an email already taken (any case)', { email: DEMO_CUSTOMER_EMAIL.toUpperCase() }, [{ code: 'TAKEN', field: ['input', 'email'], message: 'Email has already been taken' }]],
      ['an invalid email', { email: 'not-an-email' }, [{ code: 'INVALID', field: ['input', 'email'], message: 'Email is invalid' }]],
      ['a blank email', { email: '  ' }, [{ code: 'BLANK', field: ['input', 'email'], message: "Email can't be blank" }]],
      ['a short password', { password: 'abcd' }, [{ code: 'TOO_SHORT', field: ['input', 'password'], message: 'Password is too short (minimum is 5 characters)' }]],
      ['a long password', { password: 'x'.repeat(41) }, [{ code: 'TOO_LONG', field: ['input', 'password'], message: 'Password is too long (maximum is 40 characters)' }]],
      ['a blank password', { password: '' }, [{ code: 'BLANK', field: ['input', 'password'], message: "Password can't be blank" }]],
      ['a password with outer spaces', { password: ' secret ' }, [{ code: 'PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE', field: ['input', 'password'], message: 'Password cannot start or end with whitespace' }]],
      ['HTML in a name', { firstName: '<script>x</script>' }, [{ code: 'CONTAINS_HTML_TAGS', field: ['input', 'firstName'], message: 'First name cannot contain HTML tags' }]],
      ['an invalid phone', { phone: '12' }, [{ code: 'INVALID', field: ['input', 'phone'], message: 'Phone is invalid' }]],
      [
        'several problems at once',
        { email: 'bad', password: 'abc' },
        [
          { code: 'INVALID', field: ['input', 'email'], message: 'Email is invalid' },
          { code: 'TOO_SHORT', field: ['input', 'password'], message: 'Password is too short (minimum is 5 characters)' },
        ],
      ],
    ])('reports %s and writes nothing', async (_name, change, errors) => {
      const before = await customerCount();
      const res = await gql(CREATE, { input: { email: 'fresh@example.com', password: 'goodpass', ...change } });
      expect(res.errors).toBeUndefined();
      expect(res.data.customerCreate).toEqual({ customer: null, customerUserErrors: errors });
      expect(await customerCount()).toBe(before);
    });

    it('reports a phone already taken', async () => {
      await db.query(`update customers set phone = '+16135550199' where id = (select max(id) from customers where shop_id = $1)`, [shop.shop.id]);
      const before = await customerCount();
      const res = await gql(CREATE, { input: { email: 'phone.clash@example.com', password: 'goodpass', phone: '+1 613-555-0199' } });
      expect(res.data.customerCreate.customerUserErrors).toEqual([{ code: 'TAKEN', field: ['input', 'phone'], message: 'Phone has already been taken' }]);
      expect(await customerCount()).toBe(before);
    });
  });

  describe('customerUpdate', () => {
    const email = 'updater@example.com';
    let token: string;

    beforeAll(async () => {
      const created = await gql(CREATE, { input: { email, password: 'first-pass', firstName: 'Up', lastName: 'Dater' } });
      expect(created.data.customerCreate.customerUserErrors).toEqual([]);
      token = await tokenFor(email, 'first-pass');
    });

    it('changes the details without touching the token when the password stays', async () => {
      const res = await gql(UPDATE, { token, customer: { firstName: 'Upd', lastName: null, acceptsMarketing: true, phone: '+44 20 7946 0000' } });
      expect(res.errors).toBeUndefined();
      expect(res.data.customerUpdate).toEqual({
        customer: { id: expect.any(String), email, firstName: 'Upd', lastName: null, phone: '+442079460000', acceptsMarketing: true },
        customerAccessToken: null,
        customerUserErrors: [],
      });
      expect((await gql(WHO, { token })).data.customer.firstName).toBe('Upd');
    });

    it('reports problems and changes nothing', async () => {
      const res = await gql(UPDATE, { token, customer: { email: DEMO_CUSTOMER_EMAIL, firstName: 'Nope' } });
      expect(res.data.customerUpdate).toEqual({
        customer: null,
        customerAccessToken: null,
        customerUserErrors: [{ code: 'TAKEN', field: ['customer', 'email'], message: 'Email has already been taken' }],
      });
      const short = await gql(UPDATE, { token, customer: { password: 'abc', firstName: 'Nope' } });
      expect(short.data.customerUpdate.customerUserErrors).toEqual([{ code: 'TOO_SHORT', field: ['customer', 'password'], message: 'Password is too short (minimum is 5 characters)' }]);
      const [row] = await rows('select first_name, email from customers where shop_id = $1 and email = $2', [shop.shop.id, email]);
      expect(row.first_name).toBe('Upd');
      const unknown = await gql(UPDATE, { token: 'f'.repeat(32), customer: { firstName: 'Nope' } });
      expect(unknown.data.customerUpdate.customerUserErrors).toEqual([{ code: 'UNIDENTIFIED_CUSTOMER', field: ['customerAccessToken'], message: 'Unidentified customer' }]);
    });

    it('revokes every old token on a password change and returns a new one', async () => {
      const second = await tokenFor(email, 'first-pass');
      const res = await gql(UPDATE, { token, customer: { password: 'second-pass', email: 'Updated@Example.com' } });
      expect(res.errors).toBeUndefined();
      const payload = res.data.customerUpdate;
      expect(payload.customerUserErrors).toEqual([]);
      expect(payload.customer.email).toBe('updated@example.com');
      const fresh = payload.customerAccessToken.accessToken;
      expect(fresh).toMatch(/^[0-9a-f]{32}$/);
      expect(fresh).not.toBe(token);
      expect((await gql(WHO, { token })).data.customer).toBeNull();
      expect((await gql(WHO, { token: second })).data.customer).toBeNull();
      expect((await gql(WHO, { token: fresh })).data.customer.email).toBe('updated@example.com');
      expect((await logIn('updated@example.com', 'first-pass')).customerUserErrors[0].code).toBe('UNIDENTIFIED_CUSTOMER');
      await tokenFor('updated@example.com', 'second-pass');
      const [{ n }] = await rows(`select count(*)::int as n from customer_access_tokens t join customers c on c.id = t.customer_id where c.email = 'updated@example.com'`);
      expect(n).toBe(2);
    });
  });

  describe('access', () => {
    it('answers ACCESS_DENIED without a token, while the rest of the query answers', async () => {
      const res = await gql('{ shop { name } customer(customerAccessToken: "x") { id } }', {}, {});
      expect(res.status).toBe(200);
      expect(res.data).toEqual({ shop: { name: 'Acme' }, customer: null });
      expect(res.errors).toHaveLength(1);
      expect(res.errors[0]).toMatchObject({ path: ['customer'], extensions: { code: 'ACCESS_DENIED' } });
    });

    it('answers ACCESS_DENIED for every customer mutation without a token, and writes nothing', async () => {
      const before = await customerCount();
      const tokens = Number((await rows('select count(*)::int as n from customer_access_tokens'))[0].n);
      const res = await gql(
        `mutation {
          login: customerAccessTokenCreate(input: { email: "${DEMO_CUSTOMER_EMAIL}", password: "${DEMO_CUSTOMER_PASSWORD}" }) { customerAccessToken { accessToken } }
          signUp: customerCreate(input: { email: "tokenless@example.com", password: "goodpass" }) { customer { id } }
          update: customerUpdate(customerAccessToken: "x", customer: { firstName: "X" }) { customer { id } }
          renew: customerAccessTokenRenew(customerAccessToken: "x") { customerAccessToken { accessToken } }
          logout: customerAccessTokenDelete(customerAccessToken: "x") { deletedAccessToken } }`,
        {},
        {},
      );
      expect(res.status).toBe(200);
      expect(res.data).toEqual({ login: null, signUp: null, update: null, renew: null, logout: null });
      expect(res.errors.map((e: any) => [e.path[0], e.extensions.code])).toEqual([
        ['login', 'ACCESS_DENIED'],
        ['signUp', 'ACCESS_DENIED'],
        ['update', 'ACCESS_DENIED'],
        ['renew', 'ACCESS_DENIED'],
        ['logout', 'ACCESS_DENIED'],
      ]);
      expect(await customerCount()).toBe(before);
      expect(Number((await rows('select count(*)::int as n from customer_access_tokens'))[0].n)).toBe(tokens);
    });

    it('needs the write scope for mutations and the tags scope for tags', async () => {
      const token = await tokenFor();
      const readOnly = { 'x-platform-storefront-access-token': await t.createShopApp(shop, 'unauthenticated_read_customers') };
      const login = await gql(LOGIN, { input: { email: DEMO_CUSTOMER_EMAIL, password: DEMO_CUSTOMER_PASSWORD } }, readOnly);
      expect(login.data.customerAccessTokenCreate).toBeNull();
      expect(login.errors[0].extensions).toMatchObject({ code: 'ACCESS_DENIED', requiredAccess: 'unauthenticated_write_customers' });
      const read = await gql('query($token: String!) { customer(customerAccessToken: $token) { email tags } }', { token }, readOnly);
      // `tags` is non-null, as on the hosted platform, so the denial nulls the customer.
      expect(read.data.customer).toBeNull();
      expect(read.errors[0]).toMatchObject({ path: ['customer', 'tags'], extensions: { code: 'ACCESS_DENIED', requiredAccess: 'unauthenticated_read_customer_tags' } });
    });
  });

  it('creates the token table exactly as the entity describes it', async () => {
    const diff = await t.app.get(MikroORM).schema.getUpdateSchemaSQL({ wrap: false });
    const unexplained = diff
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.includes('"customer_access_tokens"'))
      .filter((line) => !/drop constraint "\w+_fkey"/.test(line))
      .filter((line) => !/(drop column "id"|add "id" bigserial primary key)/.test(line))
      .filter((line) => !/alter column "(created_at|updated_at)" drop default/.test(line));
    expect(unexplained).toEqual([]);
  });
});
