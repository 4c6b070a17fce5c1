import type pg from 'pg';
import { createCustomer } from '@platform/customers/testing';
import { JOB_QUEUE, type JobQueue } from '@platform/queue';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { VERSION, type Sent, send } from '../../support/http.js';
import { REST_LIMITS, contextOf, openDatabase } from '../rest/admin-rest.js';

// The Host header decides the shop and the absolute URLs the platform hands out (checkoutUrl, REST Link headers,
// activation URLs, the invite e-mail's link). Only a valid host and port is read; URLs are built from it (or, for
// e-mails and jobs, from the shop's configured domain), never from the header's text. TRUST_PROXY is on here, so
// the forwarded headers are exercised too.

const CART_CREATE = 'mutation { cartCreate { cart { checkoutUrl } userErrors { code } } }';
const CUSTOM_DOMAIN = 'shop.example.com';

describe('Host header', () => {
  let t: TestApp;
  let db: pg.Client;
  let acme: TestShop;
  let globex: TestShop;

  beforeAll(async () => {
    // acme is the shop loopback hosts serve (what `demo` is for `npm start`).
    t = await createTestApp({ TRUST_PROXY: 'true', DEFAULT_SHOP: 'acme' }, REST_LIMITS);
    acme = await t.createShop('acme');
    globex = await t.createShop('globex');
    db = await openDatabase(t);
    await db.query('update shops set domain = $1 where id = $2', [CUSTOM_DOMAIN, globex.shop.id]);
    for (let i = 0; i < 2; i++) await createCustomer(contextOf(t, acme));
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const admin = (shop: TestShop) => ({ 'x-platform-access-token': shop.tokens.adminAccessToken });
  const checkoutUrl = async (host: string, headers: Record<string, string> = {}): Promise<string> => {
    const res = await send(t.app, { method: 'POST', url: `/api/${VERSION}/graphql.json`, host, headers, body: { query: CART_CREATE } });
    expect(res.status).toBe(200);
    return res.body.data.cartCreate.cart.checkoutUrl;
  };
  const nextLink = async (host: string, shop = acme): Promise<string> => {
    const res = await send(t.app, { url: `/admin/api/${VERSION}/customers.json?limit=1`, host, headers: admin(shop) });
    expect(res.status).toBe(200);
    return /<([^>]+)>; rel="next"/.exec(String(res.headers.link))![1]!;
  };
  const activationUrl = async (host: string, shop = acme, headers: Record<string, string> = {}): Promise<string> => {
    const customer = await createCustomer(contextOf(t, shop));
    const res = await send(t.app, { method: 'POST', url: `/admin/api/${VERSION}/customers/${customer.id}/account_activation_url.json`, host, headers: { ...admin(shop), ...headers } });
    expect(res.status).toBe(200);
    return res.body.account_activation_url;
  };
  let invited = 0;
  /** Creates a customer with an invite through `host` and answers the link in the e-mail sent (kept in the outbox). */
  const invitationLink = async (host: string, shop = acme): Promise<string> => {
    const email = `invited-${++invited}@example.com`;
    const res = await send(t.app, { method: 'POST', url: `/admin/api/${VERSION}/customers.json`, host, headers: admin(shop), body: { customer: { email, send_email_invite: true } } });
    expect(res.status).toBe(201);
    // The invite is written by a job: once the queue has run everything enqueued, it is there.
    await t.app.get<JobQueue>(JOB_QUEUE).drain();
    const [row] = (await db.query('select text_body from emails where recipient = $1', [email])).rows;
    expect(row).toBeDefined();
    return /(\S+\/account\/activate\/\S+)/.exec(row.text_body)![1]!;
  };

  describe('valid hosts', () => {
    it('builds checkoutUrl, Link and activation URLs on a development host with its port', async () => {
      for (const [host, origin] of [
        ['localhost:3000', 'http://localhost:3000'],
        ['127.0.0.1:3000', 'http://127.0.0.1:3000'],
        ['[::1]:3000', 'http://[::1]:3000'],
        ['ACME.myplatform.localhost:3000', 'http://acme.myplatform.localhost:3000'],
        ['acme.myplatform.localhost', 'http://acme.myplatform.localhost'],
      ]) {
        expect((await checkoutUrl(host!)).startsWith(`${origin}/cart/c/`)).toBe(true);
        expect((await nextLink(host!)).startsWith(`${origin}/admin/api/${VERSION}/customers.json?`)).toBe(true);
        expect((await activationUrl(host!)).startsWith(`${origin}/account/activate/`)).toBe(true);
      }
    });

    it("builds them on a custom domain with the request's port, as the client addressed it", async () => {
      expect((await checkoutUrl('Shop.Example.com:8443')).startsWith(`http://${CUSTOM_DOMAIN}:8443/cart/c/`)).toBe(true);
      expect((await activationUrl(`${CUSTOM_DOMAIN}:8443`, globex)).startsWith(`http://${CUSTOM_DOMAIN}:8443/account/activate/`)).toBe(true);
    });

    it("puts the shop's domain in the invite e-mail: a development one on the request's scheme and port", async () => {
      expect((await invitationLink('localhost:3000')).startsWith('http://acme.myplatform.localhost:3000/account/activate/')).toBe(true);
      expect((await invitationLink('acme.myplatform.localhost:4700')).startsWith('http://acme.myplatform.localhost:4700/account/activate/')).toBe(true);
      expect((await invitationLink(`${CUSTOM_DOMAIN}:8443`, globex)).startsWith(`https://${CUSTOM_DOMAIN}/account/activate/`)).toBe(true);
    });

    it('takes the scheme from X-Forwarded-Proto under TRUST_PROXY, never the host from X-Forwarded-Host', async () => {
      expect((await checkoutUrl(CUSTOM_DOMAIN, { 'x-forwarded-proto': 'https' })).startsWith(`https://${CUSTOM_DOMAIN}/cart/c/`)).toBe(true);
      expect((await checkoutUrl('localhost:3000', { 'x-forwarded-host': 'evil.example.com' })).startsWith('http://localhost:3000/cart/c/')).toBe(true);
      expect((await activationUrl(CUSTOM_DOMAIN, globex, { 'x-forwarded-host': 'evil.example.com', 'x-forwarded-proto': 'https' })).startsWith(`https://${CUSTOM_DOMAIN}/account/activate/`)).toBe(true);
    });
  });

  describe('regressions found by the hostile probe', () => {
    const counts = async () =>
      (await db.query('select (select count(*)::int from customers) as customers, (select count(*)::int from carts) as carts, (select count(*)::int from emails) as emails')).rows[0];

    /** Every request that hands out a URL, sent with `host`: each must be refused before anything runs. */
    const refusedEverywhere = async (host: string, headers: Record<string, string> = {}) => {
      const customer = await createCustomer(contextOf(t, acme));
      const before = await counts();
      const answers: Sent[] = [
        await send(t.app, { method: 'POST', url: `/api/${VERSION}/graphql.json`, host, headers, body: { query: CART_CREATE } }),
        await send(t.app, { url: `/admin/api/${VERSION}/customers.json?limit=1`, host, headers: { ...admin(acme), ...headers } }),
        await send(t.app, { method: 'POST', url: `/admin/api/${VERSION}/customers/${customer.id}/account_activation_url.json`, host, headers: { ...admin(acme), ...headers } }),
        await send(t.app, { method: 'POST', url: `/admin/api/${VERSION}/customers.json`, host, headers: { ...admin(acme), ...headers }, body: { customer: { email: 'victim@example.com', send_email_invite: true } } }),
        await send(t.app, { url: `/account/activate/${customer.id}/x`, host, headers }),
      ];
      for (const res of answers) {
        expect({ host, status: res.status, link: res.headers.link, text: res.text.includes('evil') }).toEqual({ host, status: 404, link: undefined, text: false });
      }
      expect(await counts()).toEqual(before);
    };

    it('refuses a Host with userinfo: localhost:4700@evil.example.com (was an activation link to evil.example.com)', async () => {
      await refusedEverywhere('localhost:4700@evil.example.com');
      await refusedEverywhere('acme.myplatform.localhost:3000@evil.example.com');
      await refusedEverywhere('user:pass@localhost:3000');
    });

    it('refuses a Host with a path, query or fragment: localhost:3000/evil', async () => {
      for (const host of ['localhost:3000/evil', 'acme.myplatform.localhost/evil.example.com', 'localhost:3000?evil', 'localhost:3000#evil', 'localhost:3000\\evil.example.com']) {
        await refusedEverywhere(host);
      }
    });

    it('refuses a Host with CR, LF or whitespace', async () => {
      for (const host of ['localhost:3000\r\nLocation: http://evil.example.com', 'localhost:3000\nevil', 'localhost evil.example.com', 'localhost:3000\tevil']) {
        await refusedEverywhere(host);
      }
    });

    it('refuses non-ASCII, over-long, trailing-dot, bad-port and malformed IP hosts', async () => {
      for (const host of [
        'exämple.com',
        'acme.myplätform.localhost',
        `${'a'.repeat(280)}.myplatform.localhost`,
        `acme.myplatform.localhost:${'1'.repeat(300)}`,
        'acme.myplatform.localhost.',
        'localhost:0',
        'localhost:65536',
        'localhost:',
        '::1',
        '[::1',
        '999.0.0.1',
      ]) {
        await refusedEverywhere(host);
      }
    });

    it('refuses a forwarded scheme that is not http or https under TRUST_PROXY', async () => {
      for (const proto of ['javascript', 'https://evil.example.com', 'ftp']) {
        await refusedEverywhere('localhost:3000', { 'x-forwarded-proto': proto });
      }
    });
  });
});
