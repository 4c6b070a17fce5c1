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

  describe('regressions found by the hostile probe', () => {
    const post = (rawBody: string) => send(t.app, { method: 'POST', url: tokensUrl, host: acme.host, headers: { ...admin(), 'content-type': 'application/json' }, rawBody });

    // A lone surrogate was stored as U+FFFD by a text column, and failed the statement where it reached jsonb.
    it('answers a lone surrogate in a body field or key with 422 keyed by its path, and writes nothing', async () => {
      const before = await storefrontTokenCount();
      for (const [rawBody, key] of [
        ['{"storefront_access_token":{"title":"shop\\ud800front"}}', 'title'],
        ['{"storefront_access_token":{"title":"\\udc00"}}', 'title'],
        ['{"storefront_access_token":{"title":"ok","tags":["a","\\ud83d"]}}', 'tags'],
        ['{"storefront_access_token":{"title":"ok","x\\udbff":1}}', 'x\udbff'],
      ] as const) {
        const res = await post(rawBody);
        expect({ rawBody, status: res.status, body: res.body }).toEqual({ rawBody, status: 422, body: { errors: { [key]: ['must not contain ill-formed text (a lone UTF-16 surrogate)'] } } });
      }
      expect(await storefrontTokenCount()).toBe(before);
      // A pair (an emoji) is well-formed text.
      expect((await post('{"storefront_access_token":{"title":"\\ud83d\\ude00"}}')).status).toBe(200);
    });

    // The 422 map was a plain object: errors.constructor is Object, which has no push (500).
    it.each(['constructor', '__proto__', 'prototype', 'hasOwnProperty', 'toString'])('answers a body key %s with a bad value with 422 naming it', async (key) => {
      const res = await post(`{"storefront_access_token":{"title":"ok","${key}":"a\\u0000"}}`);
      expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: { errors: JSON.parse(`{"${key.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`)}":["must not contain NUL bytes (U+0000)"]}`) } });
    });

    // JSON.parse keeps the last of two keys; which one a body means is not left open.
    it('answers a body with a key given twice, at any depth, with the 400 of a body that is not JSON, and writes nothing', async () => {
      const before = await storefrontTokenCount();
      for (const rawBody of [
        '{"storefront_access_token":{"title":"a"},"storefront_access_token":{"title":"b"}}',
        '{"storefront_access_token":{"title":"a","title":"b"}}',
        '{"storefront_access_token":{"title":"a","t\\u0069tle":"b"}}',
      ]) {
        const res = await post(rawBody);
        expect({ rawBody, status: res.status, body: res.body }).toEqual({ rawBody, status: 400, body: { errors: { body: 'Required parameter missing or invalid' } } });
      }
      expect(await storefrontTokenCount()).toBe(before);
    });
  });

  it('still answers a valid request after all of that', async () => {
    const res = await send(t.app, { method: 'POST', url: tokensUrl, host: acme.host, headers: admin(), body: { storefront_access_token: { title: 'Web' } } });
    expect(res.status).toBe(200);
    expect(res.body.storefront_access_token.title).toBe('Web');
  });
});
