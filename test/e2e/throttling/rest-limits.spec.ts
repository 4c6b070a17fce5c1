import { ManualClock } from '@platform/clock';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { VERSION, send } from '../../support/http.js';

// Small, slow buckets so a burst fills them without waiting on the real 40/2s numbers, in the process, on a clock the
// test moves: nothing leaks between two requests, and a leak needs no waiting. The Redis store's rules are the bucket
// store contract's.
describe('admin REST request-based limit', () => {
  let t: TestApp;
  let acme: TestShop;
  let beta: TestShop;
  const clock = new ManualClock();

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: undefined }, { rest: { capacity: 5, leakPerSecond: 0.5 } }, { clock });
    acme = await t.createShop('acme');
    beta = await t.createShop('beta');
  });
  afterAll(() => t.close());

  const shopJson = (shop: TestShop, query = '') =>
    send(t.app, { url: `/admin/api/${VERSION}/shop.json${query}`, host: shop.host, headers: { 'x-platform-access-token': shop.tokens.adminAccessToken } });

  it('counts requests in X-Platform-Shop-Api-Call-Limit and answers 429 with Retry-After when full', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await shopJson(acme);
      expect(res.status).toBe(200);
      seen.push(String(res.headers['x-platform-shop-api-call-limit']));
    }
    expect(seen).toEqual(['1/5', '2/5', '3/5', '4/5', '5/5']);

    const refused = await shopJson(acme);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ errors: 'Exceeded 0.5 calls per second for api client. Reduce request rates to resume uninterrupted service.' });
    // Whole seconds, as integer parsers read them: at most the 2 s one call takes to leak at 0.5 a second.
    expect(refused.headers['retry-after']).toMatch(/^[12]\.0$/);
    expect(refused.headers['x-platform-shop-api-call-limit']).toBe('5/5');
  });

  it('keeps one bucket per app per shop', async () => {
    const res = await shopJson(beta);
    expect(res.status).toBe(200);
    expect(res.headers['x-platform-shop-api-call-limit']).toBe('1/5');
  });

  it('lets requests through again once the bucket leaks, and not a moment before', async () => {
    const refused = await shopJson(acme);
    expect(refused.headers['retry-after']).toBe('2.0'); // one call at 0.5 a second
    clock.advance(1_900);
    expect((await shopJson(acme)).status).toBe(429);
    clock.advance(100);
    const again = await shopJson(acme);
    expect(again.status).toBe(200);
    expect(again.headers['x-platform-shop-api-call-limit']).toBe('5/5');
  });

  it('answers a GET whose page × limit offset is above 100,000 with 429', async () => {
    const res = await shopJson(beta, '?page=401&limit=250');
    expect(res.status).toBe(429);
    expect(res.body.errors).toMatch(/100000/);
    expect((await shopJson(beta, '?page=400&limit=250')).status).toBe(200);
  });

  it('refuses array inputs over 250 items with 422 keyed by the field', async () => {
    const res = await send(t.app, {
      method: 'POST',
      url: `/admin/api/${VERSION}/storefront_access_tokens.json`,
      host: beta.host,
      headers: { 'x-platform-access-token': beta.tokens.adminAccessToken },
      body: { storefront_access_token: { title: 't', tags: Array.from({ length: 251 }, (_, i) => `t${i}`) } },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.tags[0]).toMatch(/251 is greater than the maximum allowed of 250/);
  });
});

describe('admin REST limit on the plus plan', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has an 80-request bucket (40 on standard)', async () => {
    const plus = await t.createShop('big', { plan: 'plus' });
    const standard = await t.createShop('small');
    const get = (s: TestShop) => send(t.app, { url: `/admin/api/${VERSION}/shop.json`, host: s.host, headers: { 'x-platform-access-token': s.tokens.adminAccessToken } });
    expect((await get(plus)).headers['x-platform-shop-api-call-limit']).toBe('1/80');
    expect((await get(standard)).headers['x-platform-shop-api-call-limit']).toBe('1/40');
  });
});
