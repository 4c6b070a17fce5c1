import pg from 'pg';
import { ManualClock } from '@platform/clock';
import { AuthService, MAX_PUBLIC_STOREFRONT_TOKENS, TOKEN_CACHE_TTL_MS, hashToken } from '@platform/auth';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { VERSION, adminQuery, send, storefrontQuery } from '../../support/http.js';
import { sqlDuring } from '../../support/sql.js';

const INVALID_TOKEN = '[API] Invalid API key or access token (unrecognized login or wrong password)';
const PUBLIC = 'x-platform-storefront-access-token';
const PRIVATE = 'platform-storefront-private-token';

describe('shops, tokens and scopes', () => {
  let t: TestApp;
  let acme: TestShop;
  let other: TestShop;
  // The caches' clock: a revocation elsewhere is seen when the test moves it past their TTL.
  const clock = new ManualClock();

  beforeAll(async () => {
    // Many requests from one app: raise the REST bucket so this file tests auth, not throttling.
    t = await createTestApp({}, { rest: { capacity: 10_000, leakPerSecond: 10_000 } }, { clock });
    acme = await t.createShop('acme', { plan: 'plus' });
    other = await t.createShop('other-shop');
  });
  afterAll(() => t.close());

  const shopJson = (host: string, token?: string) =>
    send(t.app, { url: `/admin/api/${VERSION}/shop.json`, host, headers: token ? { 'x-platform-access-token': token } : {} });

  describe('shop resolution from Host', () => {
    it('serves the REST proof route with the shop resource', async () => {
      const res = await shopJson(acme.host, acme.tokens.adminAccessToken);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        shop: { id: acme.shop.id, name: 'Acme', domain: 'acme.myplatform.localhost', currency: 'USD', plan_name: 'plus' },
      });
      expect(res.headers['x-platform-api-version']).toBe(VERSION);
    });

    it('ignores the port of the Host header', async () => {
      const res = await shopJson(`${acme.host}:3000`, acme.tokens.adminAccessToken);
      expect(res.body.shop.name).toBe('Acme');
    });

    it('answers an unknown host with 404 {"errors":"Not Found"} on every surface', async () => {
      for (const url of [`/admin/api/${VERSION}/shop.json`, `/api/${VERSION}/graphql.json`, `/admin/api/${VERSION}/graphql.json`]) {
        const res = await send(t.app, { method: url.endsWith('graphql.json') ? 'POST' : 'GET', url, host: 'nobody.myplatform.localhost', body: { query: '{ shop { name } }' } });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ errors: 'Not Found' });
      }
    });

    it('answers a shop-less path with 404 {"errors":"Not Found"}', async () => {
      const res = await send(t.app, { url: '/nothing-here', host: acme.host });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ errors: 'Not Found' });
    });
  });

  describe('shop states', () => {
    it.each([
      ['frozen', 402],
      ['fraudulent', 403],
      ['locked', 423],
    ])('%s answers %i on REST and SHOP_INACTIVE on both GraphQL APIs', async (state, status) => {
      const shop = await t.createShop(`state-${state}`);
      await t.setShopState(shop.shop.handle, state);

      const rest = await shopJson(shop.host, shop.tokens.adminAccessToken);
      expect(rest.status).toBe(status);
      expect(rest.body.errors).toEqual(expect.any(String));

      const storefront = await storefrontQuery(t.app, shop.host, '{ shop { name } }');
      expect(storefront.status).toBe(status);
      expect(storefront.body.errors[0].extensions.code).toBe('SHOP_INACTIVE');

      const admin = await adminQuery(t.app, shop.host, shop.tokens.adminAccessToken, '{ shop { name } }');
      expect(admin.body.errors[0].extensions.code).toBe('SHOP_INACTIVE');

      await t.setShopState(shop.shop.handle, 'active');
      expect((await shopJson(shop.host, shop.tokens.adminAccessToken)).status).toBe(200);
    });
  });

  describe('admin credentials', () => {
    it.each([
      ['missing', undefined],
      ['wrong', 'platat_00000000000000000000000000000000'],
      ['a storefront token', 'x'],
    ])('REST answers 401 for a %s token', async (_case, token) => {
      const res = await shopJson(acme.host, token === 'x' ? acme.tokens.storefrontAccessToken : token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ errors: INVALID_TOKEN });
    });

    it.each([
      ['an empty', ''],
      ['a whitespace-only', '   '],
    ])('answers %s token header as a wrong token: REST 401, admin GraphQL ACCESS_DENIED', async (_case, token) => {
      const rest = await send(t.app, { url: `/admin/api/${VERSION}/shop.json`, host: acme.host, headers: { 'x-platform-access-token': token } });
      expect(rest.status).toBe(401);
      expect(rest.body).toEqual({ errors: INVALID_TOKEN });
      const gql = await send(t.app, {
        method: 'POST',
        url: `/admin/api/${VERSION}/graphql.json`,
        host: acme.host,
        headers: { 'x-platform-access-token': token },
        body: { query: '{ shop { name } }' },
      });
      expect(gql.status).toBe(200);
      expect(gql.body).toEqual({ errors: [{ message: INVALID_TOKEN, extensions: { code: 'ACCESS_DENIED' } }] });
    });

    it('admin GraphQL answers ACCESS_DENIED for a missing or wrong token', async () => {
      for (const token of [undefined, 'platat_nope']) {
        const res = await adminQuery(t.app, acme.host, token, '{ shop { name } }');
        expect(res.body.errors[0].extensions.code).toBe('ACCESS_DENIED');
        expect(res.body.data).toBeUndefined();
      }
    });

    it("keeps tenants apart: shop A's admin token is refused on shop B's host", async () => {
      const rest = await shopJson(other.host, acme.tokens.adminAccessToken);
      expect(rest.status).toBe(401);
      const gql = await adminQuery(t.app, other.host, acme.tokens.adminAccessToken, '{ shop { name } }');
      expect(gql.body.errors[0].extensions.code).toBe('ACCESS_DENIED');
      const storefront = await storefrontQuery(t.app, other.host, '{ shop { name } }', { 'x-platform-storefront-access-token': acme.tokens.storefrontAccessToken });
      expect(storefront.body.errors[0].extensions.code).toBe('ACCESS_DENIED');
    });
  });

  describe('storefront credentials', () => {
    it('accepts tokenless, public and private (with buyer IP) requests', async () => {
      const headerSets: Record<string, string>[] = [
        {},
        { 'x-platform-storefront-access-token': acme.tokens.storefrontAccessToken },
        { 'platform-storefront-private-token': acme.tokens.storefrontPrivateToken, 'platform-storefront-buyer-ip': '203.0.113.7' },
      ];
      for (const headers of headerSets) {
        const res = await storefrontQuery(t.app, acme.host, '{ shop { name } }', headers);
        expect(res.body).toEqual({ data: { shop: { name: 'Acme' } } });
      }
    });

    it('answers ACCESS_DENIED for a wrong public or private token, never falling back to tokenless', async () => {
      const wrong: Record<string, string>[] = [{ "x-platform-storefront-access-token": "deadbeef" }, { "platform-storefront-private-token": acme.tokens.adminAccessToken }];
      for (const headers of wrong) {
        const res = await storefrontQuery(t.app, acme.host, '{ shop { name } }', headers);
        expect(res.status).toBe(200);
        expect(res.body.errors[0]).toMatchObject({ extensions: { code: 'ACCESS_DENIED' } });
      }
    });
  });

  describe('storefront token headers', () => {
    it.each([
      ['an empty public', { [PUBLIC]: '' }],
      ['a whitespace-only public', { [PUBLIC]: '  ' }],
      ['an empty private', { [PRIVATE]: '', 'platform-storefront-buyer-ip': '203.0.113.7' }],
    ])('answers %s token header with ACCESS_DENIED, not as tokenless', async (_case, headers) => {
      const res = await storefrontQuery(t.app, acme.host, '{ shop { name } }', headers);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ errors: [{ message: INVALID_TOKEN, extensions: { code: 'ACCESS_DENIED' } }] });
    });

    it('refuses both the public and the private header on one request, naming the rule, even when both tokens are valid', async () => {
      const res = await storefrontQuery(t.app, acme.host, '{ shop { name } }', {
        [PUBLIC]: acme.tokens.storefrontAccessToken,
        [PRIVATE]: acme.tokens.storefrontPrivateToken,
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toBeUndefined();
      expect(res.body.errors).toEqual([
        {
          message: expect.stringMatching(/^Send exactly one of X-Platform-Storefront-Access-Token .* or Platform-Storefront-Private-Token/),
          extensions: { code: 'ACCESS_DENIED' },
        },
      ]);
      // An empty second header counts as sent.
      const emptyPrivate = await storefrontQuery(t.app, acme.host, '{ shop { name } }', { [PUBLIC]: acme.tokens.storefrontAccessToken, [PRIVATE]: '' });
      expect(emptyPrivate.body.errors[0].message).toMatch(/^Send exactly one of/);
    });
  });

  describe('token lookups', () => {
    const tokenStatements = (statements: string[]) => statements.filter((text) => text.includes('access_tokens'));

    it('reads a token with one prepared statement and answers it from the cache afterwards, an unknown token too', async () => {
      const shop = await t.createShop('token-cache');
      for (const headers of [{ [PUBLIC]: shop.tokens.storefrontAccessToken }, { [PUBLIC]: 'f'.repeat(32) }]) {
        const first = await sqlDuring(() => storefrontQuery(t.app, shop.host, '{ shop { name } }', headers));
        expect(tokenStatements(first.cacheFills)).toHaveLength(1);
        const again = await sqlDuring(() => storefrontQuery(t.app, shop.host, '{ shop { name } }', headers));
        expect(tokenStatements(again.cacheFills)).toEqual([]);
        expect(again.result.body).toEqual(first.result.body);
      }
      const admin = await sqlDuring(async () => {
        await shopJson(shop.host, shop.tokens.adminAccessToken);
        return shopJson(shop.host, shop.tokens.adminAccessToken);
      });
      expect(admin.result.status).toBe(200);
      expect(tokenStatements(admin.cacheFills)).toHaveLength(1);
    });

    it("marks the reads that fill the shop, token and market caches, so a statement count can leave them out", async () => {
      const shop = await t.createShop('cache-fills');
      const query = () => storefrontQuery(t.app, shop.host, '{ localization { country { isoCode } } }', { [PUBLIC]: shop.tokens.storefrontAccessToken });
      const first = await sqlDuring(query);
      expect(first.result.body.errors).toBeUndefined();
      expect(first.cacheFills.map((text) => /"?(shops|access_tokens|markets)"?/.exec(text)?.[1]).sort()).toEqual(['access_tokens', 'markets', 'shops']);
      expect(first.statements.filter((text) => /shops|access_tokens|markets/.test(text))).toEqual([]);
      const again = await sqlDuring(query);
      expect(again.cacheFills).toEqual([]);
      expect(again.result.body).toEqual(first.result.body);
    });

    it('refuses a token longer than any of ours without a lookup', async () => {
      const { result, statements, cacheFills } = await sqlDuring(() => storefrontQuery(t.app, acme.host, '{ shop { name } }', { [PUBLIC]: 'a'.repeat(10_000) }));
      expect(result.body.errors[0].extensions.code).toBe('ACCESS_DENIED');
      expect(tokenStatements([...statements, ...cacheFills])).toEqual([]);
    });

    it('serves a token created in this process at once, although it was asked for (and unknown) just before', async () => {
      const shop = await t.createShop('preset-token');
      const preset = 'e'.repeat(32);
      const before = await storefrontQuery(t.app, shop.host, '{ shop { name } }', { [PUBLIC]: preset });
      expect(before.body.errors[0].extensions.code).toBe('ACCESS_DENIED');
      await t.app.get(AuthService).installApp(shop.shop.id, 'preset app', 'all', { storefront_public: preset });
      const after = await storefrontQuery(t.app, shop.host, '{ shop { name } }', { [PUBLIC]: preset });
      expect(after.body).toEqual({ data: { shop: { name: 'Preset Token' } } });
    });

    it(`stops a token revoked, or a scope withdrawn, by another process within the cache TTL (${TOKEN_CACHE_TTL_MS} ms)`, async () => {
      const shop = await t.createShop('revoked', { scopes: 'unauthenticated_read_product_listings,unauthenticated_read_product_tags,read_products' });
      const tags = '{ productTags(first: 1) { nodes } }';
      const publicHeaders = { [PUBLIC]: shop.tokens.storefrontAccessToken };
      const privateHeaders = { [PRIVATE]: shop.tokens.storefrontPrivateToken };
      // Cached in this process first.
      expect((await storefrontQuery(t.app, shop.host, tags, publicHeaders)).body.errors).toBeUndefined();
      expect((await storefrontQuery(t.app, shop.host, tags, privateHeaders)).body.errors).toBeUndefined();
      expect((await shopJson(shop.host, shop.tokens.adminAccessToken)).status).toBe(200);

      // Another process (the SQL a CLI or a second api would run) revokes two tokens and withdraws a scope.
      const client = new pg.Client({ connectionString: t.databaseUrl });
      await client.connect();
      try {
        await client.query(`update access_tokens set revoked_at = now() where shop_id = $1 and kind in ('storefront_public', 'admin')`, [shop.shop.id]);
        await client.query(`update app_installations set scopes = array_remove(scopes, 'unauthenticated_read_product_tags') where shop_id = $1`, [shop.shop.id]);
      } finally {
        await client.end();
      }
      // Until the TTL has passed this process serves what it cached; a millisecond later it asks again.
      clock.advance(TOKEN_CACHE_TTL_MS);
      expect((await storefrontQuery(t.app, shop.host, tags, publicHeaders)).body.errors).toBeUndefined();
      expect((await shopJson(shop.host, shop.tokens.adminAccessToken)).status).toBe(200);
      clock.advance(1);

      const revoked = await storefrontQuery(t.app, shop.host, tags, publicHeaders);
      expect(revoked.body).toEqual({ errors: [{ message: INVALID_TOKEN, extensions: { code: 'ACCESS_DENIED' } }] });
      expect((await shopJson(shop.host, shop.tokens.adminAccessToken)).status).toBe(401);
      const withdrawn = await storefrontQuery(t.app, shop.host, tags, privateHeaders);
      expect(withdrawn.body.errors[0].extensions).toMatchObject({ code: 'ACCESS_DENIED', requiredAccess: 'unauthenticated_read_product_tags' });
    });
  });

  describe('tokens at rest', () => {
    it('stores only SHA-256 hashes, never the tokens', async () => {
      const client = new pg.Client({ connectionString: t.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query('SELECT token_hash FROM access_tokens WHERE shop_id = $1 ORDER BY id', [acme.shop.id]);
        const stored = rows.map((r) => r.token_hash);
        const plain = [acme.tokens.adminAccessToken, acme.tokens.storefrontAccessToken, acme.tokens.storefrontPrivateToken];
        expect(stored).toEqual(plain.map(hashToken));
        const dump = JSON.stringify((await client.query('SELECT * FROM access_tokens')).rows);
        for (const token of plain) expect(dump).not.toContain(token);
      } finally {
        await client.end();
      }
    });
  });

  describe('storefront access tokens (REST) and scopes', () => {
    const create = (shop: TestShop, body: unknown) =>
      send(t.app, {
        method: 'POST',
        url: `/admin/api/${VERSION}/storefront_access_tokens.json`,
        host: shop.host,
        headers: { 'x-platform-access-token': shop.tokens.adminAccessToken },
        body,
      });

    it('creates a public token that works on the storefront', async () => {
      const res = await create(acme, { storefront_access_token: { title: 'Mobile app' } });
      expect(res.status).toBe(200);
      expect(res.body.storefront_access_token).toMatchObject({ title: 'Mobile app', access_token: expect.stringMatching(/^[0-9a-f]{32}$/) });
      const sf = await storefrontQuery(t.app, acme.host, '{ shop { name } }', { 'x-platform-storefront-access-token': res.body.storefront_access_token.access_token });
      expect(sf.body.data.shop.name).toBe('Acme');
    });

    it('answers 403 naming the scope when the app lacks it', async () => {
      const limited = await t.createShop('limited', { scopes: 'read_products' });
      const res = await create(limited, { storefront_access_token: { title: 'x' } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ errors: '[API] This action requires merchant approval for unauthenticated_read_product_listings scope.' });
    });

    it('answers 400 keyed by the root when it is missing and 422 keyed by field when invalid', async () => {
      const missing = await create(acme, { title: 'x' });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ errors: { storefront_access_token: 'Required parameter missing or invalid' } });
      const blank = await create(acme, { storefront_access_token: { title: '' } });
      expect(blank.status).toBe(422);
      expect(blank.body.errors.title).toEqual([expect.any(String)]);
    });

    it(`refuses the ${MAX_PUBLIC_STOREFRONT_TOKENS + 1}st active public token of an app on a shop`, async () => {
      const shop = await t.createShop('many-tokens');
      // installApp issued one public token already.
      for (let i = 2; i <= MAX_PUBLIC_STOREFRONT_TOKENS; i++) {
        expect((await create(shop, { storefront_access_token: { title: `t${i}` } })).status).toBe(200);
      }
      const refused = await create(shop, { storefront_access_token: { title: 'one too many' } });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.storefront_access_token[0]).toMatch(/at most 100/);
    });
  });
});
