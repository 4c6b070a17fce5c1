import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { VERSION, adminQuery, send, storefrontQuery } from '../../support/http.js';

// Redis unreachable (nothing listens on this port): request-rate limits fail open, answers stay fast;
// the customer login limit fails closed.
describe('throttling while Redis is down', () => {
  let t: TestApp;
  let acme: TestShop;

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:6390' });
    acme = await t.createShop('acme');
  });
  afterAll(() => t.close());

  it('serves every surface within bounded time instead of hanging or failing', async () => {
    const started = Date.now();
    const rest = await send(t.app, { url: `/admin/api/${VERSION}/shop.json`, host: acme.host, headers: { 'x-platform-access-token': acme.tokens.adminAccessToken } });
    const storefront = await storefrontQuery(t.app, acme.host, '{ shop { name } }');
    const admin = await adminQuery(t.app, acme.host, acme.tokens.adminAccessToken, '{ shop { name } }');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(rest.status).toBe(200);
    expect(rest.headers['x-platform-shop-api-call-limit']).toBeUndefined();
    expect(storefront.body.data).toEqual({ shop: { name: 'Acme' } });
    expect(admin.body.data).toEqual({ shop: { name: 'Acme' } });
  });

  it('refuses customer logins (the login limit fails closed) while the rest of the storefront answers', async () => {
    const login = `mutation { customerAccessTokenCreate(input: { email: "buyer@example.com", password: "secret-1" }) { customerAccessToken { accessToken } } }`;
    const res = await storefrontQuery(t.app, acme.host, login, { 'x-platform-storefront-access-token': acme.tokens.storefrontAccessToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ customerAccessTokenCreate: null });
    expect(res.body.errors).toEqual([expect.objectContaining({ message: 'Login is temporarily unavailable. Please try again later.', extensions: { code: 'THROTTLED' } })]);
    expect((await storefrontQuery(t.app, acme.host, '{ shop { name } }')).body.data).toEqual({ shop: { name: 'Acme' } });
  });

  it('shows the outage on /healthz', async () => {
    const res = await send(t.app, { url: '/healthz', host: 'localhost' });
    expect(res.body).toMatchObject({ status: 'degraded', redis: 'down' });
  });
});
