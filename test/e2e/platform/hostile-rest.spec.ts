import pg from 'pg';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { VERSION, send } from '../../support/http.js';
import { deepJsonList } from '../../../libs/platform/graphql/testing/hostile-documents.js';

// Hostile input on the REST surface is refused by the pipeline before any controller runs: the spec's
// status and shape, and nothing written.
describe('hostile REST input', () => {
  let t: TestApp;
  let acme: TestShop;
  const tokensUrl = `/admin/api/${VERSION}/storefront_access_tokens.json`;
  const admin = () => ({ 'x-platform-access-token': acme.tokens.adminAccessToken });

  beforeAll(async () => {
    t = await createTestApp({}, { rest: { capacity: 10_000, leakPerSecond: 1000 } });
    acme = await t.createShop('acme');
  });
  afterAll(() => t.close());

  async function storefrontTokenCount(): Promise<number> {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>("select count(*) as n from access_tokens where shop_id = $1 and kind = 'storefront_public'", [acme.shop.id]);
      return Number(rows[0]!.n);
    } finally {
      await client.end();
    }
  }

  it('answers a NUL byte in a query parameter with 400 keyed by it', async () => {
    const res = await send(t.app, { url: `/admin/api/${VERSION}/shop.json?fields=name%00`, host: acme.host, headers: admin() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { fields: 'must not contain NUL bytes (U+0000)' } });
  });

  it('answers an id segment longer than the router reads, or one that is not UTF-8, with 404 Not Found', async () => {
    for (const id of ['9'.repeat(101), 'y'.repeat(300), '%ED%A0%80']) {
      const res = await send(t.app, { url: `/admin/api/${VERSION}/customers/${id}.json`, host: acme.host, headers: admin() });
      expect({ id, status: res.status, body: res.body }).toEqual({ id, status: 404, body: { errors: 'Not Found' } });
    }
  });

  it('answers a NUL byte in a body field with 422 keyed by its path under the root key, and writes nothing', async () => {
    const before = await storefrontTokenCount();
    const res = await send(t.app, { method: 'POST', url: tokensUrl, host: acme.host, headers: admin(), body: { storefront_access_token: { title: 'shop\u0000front' } } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errors: { title: ['must not contain NUL bytes (U+0000)'] } });
    // A NUL in a key is refused the same way.
    const key = await send(t.app, { method: 'POST', url: tokensUrl, host: acme.host, headers: admin(), body: { storefront_access_token: { title: 'ok', 'x\u0000': 1 } } });
    expect(key.status).toBe(422);
    expect(await storefrontTokenCount()).toBe(before);
  });

  it('answers a list over 250 items anywhere in a body with 422 keyed by its path under the root key', async () => {
    const res = await send(t.app, {
      method: 'POST',
      url: tokensUrl,
      host: acme.host,
      headers: admin(),
      body: { storefront_access_token: { title: 'ok', tags: Array.from({ length: 251 }, () => 'x') } },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errors: { tags: ['The input array size of 251 is greater than the maximum allowed of 250 (tags).'] } });
  });

  it('answers a body nested 100,000 levels deep with 400 keyed by its root key, at once', async () => {
    const started = performance.now();
    const res = await send(t.app, { method: 'POST', url: tokensUrl, host: acme.host, headers: admin(), rawBody: `{"storefront_access_token":${deepJsonList(100_000)}}` });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { storefront_access_token: 'is nested deeper than 64 levels' } });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('still answers a valid request after all of that', async () => {
    const res = await send(t.app, { method: 'POST', url: tokensUrl, host: acme.host, headers: admin(), body: { storefront_access_token: { title: 'Web' } } });
    expect(res.status).toBe(200);
    expect(res.body.storefront_access_token.title).toBe('Web');
  });
});
