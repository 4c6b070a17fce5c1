import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { VERSION, adminQuery, send, storefrontQuery } from '../../support/http.js';

describe('GraphQL transport (both surfaces)', () => {
  let t: TestApp;
  let acme: TestShop;

  beforeAll(async () => {
    t = await createTestApp();
    acme = await t.createShop('acme');
  });
  afterAll(() => t.close());

  it('answers { shop { name } } on the storefront without a token', async () => {
    const res = await storefrontQuery(t.app, acme.host, '{ shop { name } }');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { shop: { name: 'Acme' } } });
    expect(res.headers['x-platform-api-version']).toBe(VERSION);
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('answers { shop { name } } on the admin API with an admin token', async () => {
    const res = await adminQuery(t.app, acme.host, acme.tokens.adminAccessToken, '{ shop { name } }');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ shop: { name: 'Acme' } });
    expect(res.body.errors).toBeUndefined();
  });

  it('keeps a sane X-Request-Id given by the caller', async () => {
    const res = await storefrontQuery(t.app, acme.host, '{ shop { name } }', { 'x-request-id': 'abc-123' });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('reads a body sent without Content-Type as JSON (the hosted client sends none)', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/${VERSION}/graphql.json`, headers: { host: acme.host }, payload: JSON.stringify({ query: '{ shop { name } }' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { shop: { name: 'Acme' } } });
  });

  it('reads the body as JSON whatever Content-Type says (curl -d sends a form type)', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'application/graphql+json']) {
      const res = await send(t.app, { method: 'POST', url: `/api/${VERSION}/graphql.json`, host: acme.host, headers: { 'content-type': type }, rawBody: '{"query":"{ shop { name } }"}' });
      expect(res.body).toEqual({ data: { shop: { name: 'Acme' } } });
    }
  });

  it('supports variables and picks the operation by operationName', async () => {
    const query = 'query A { shop { name } } query B($skip: Boolean!) { shop @skip(if: $skip) { name } }';
    const b = await storefrontQuery(t.app, acme.host, query, {}, { operationName: 'B', variables: { skip: true } });
    expect(b.body).toEqual({ data: {} });
    const a = await storefrontQuery(t.app, acme.host, query, {}, { operationName: 'A' });
    expect(a.body).toEqual({ data: { shop: { name: 'Acme' } } });
  });

  it('refuses a variable of the wrong type with an error naming it', async () => {
    const res = await storefrontQuery(t.app, acme.host, 'query($skip: Boolean!) { shop @skip(if: $skip) { name } }', {}, { variables: { skip: 'yes' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors[0].message).toMatch(/\$skip/);
  });

  it('reports validation errors with field name and location', async () => {
    const res = await storefrontQuery(t.app, acme.host, '{ shop { nope } }');
    expect(res.status).toBe(200);
    expect(res.body.errors[0].message).toMatch(/nope/);
    expect(res.body.errors[0].locations).toEqual([{ line: 1, column: 10 }]);
  });

  it.each([
    ['storefront', `/api/${VERSION}/graphql.json`],
    ['admin', `/admin/api/${VERSION}/graphql.json`],
  ])('%s: 400 keyed by query when query is missing or not a string', async (_name, url) => {
    const headers = { 'x-platform-access-token': acme.tokens.adminAccessToken };
    for (const body of [{}, { query: 42 }, { query: '' }, [1, 2]]) {
      const res = await send(t.app, { method: 'POST', url, host: acme.host, headers, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: { query: 'Required parameter missing or invalid' } });
    }
  });

  it.each([
    ['storefront', `/api/${VERSION}/graphql.json`],
    ['admin', `/admin/api/${VERSION}/graphql.json`],
  ])('%s: 400 for malformed JSON', async (_name, url) => {
    const res = await send(t.app, {
      method: 'POST',
      url,
      host: acme.host,
      headers: { 'content-type': 'application/json', 'x-platform-access-token': acme.tokens.adminAccessToken },
      rawBody: '{"query": "{ shop { name } }"',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { query: 'Required parameter missing or invalid' } });
  });

  it.each(['GET', 'PUT', 'DELETE'])('405 for %s on the GraphQL endpoints', async (method) => {
    for (const url of [`/api/${VERSION}/graphql.json`, `/admin/api/${VERSION}/graphql.json`]) {
      const res = await send(t.app, { method, url, host: acme.host, headers: { 'x-platform-access-token': acme.tokens.adminAccessToken } });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('POST');
    }
  });

  it('answers an unsupported version with 404 naming the supported ones', async () => {
    for (const url of ['/api/2021-01/graphql.json', '/admin/api/2024-02/graphql.json', '/admin/api/latest/shop.json']) {
      const res = await send(t.app, { method: 'POST', url, host: acme.host, body: { query: '{ shop { name } }' } });
      expect(res.status).toBe(404);
      expect(res.body.errors).toMatch(/not supported.*2022-01.*2026-10.*unstable/);
      expect(res.headers['x-platform-api-version']).toBeUndefined();
    }
  });

  it('serves every supported version and echoes it', async () => {
    for (const version of ['2022-01', '2024-07', 'unstable']) {
      const res = await send(t.app, { method: 'POST', url: `/api/${version}/graphql.json`, host: acme.host, body: { query: '{ shop { name } }' } });
      expect(res.status).toBe(200);
      expect(res.headers['x-platform-api-version']).toBe(version);
    }
  });

  it('answers CORS preflight for browser storefronts with the SDK headers allowed', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/${VERSION}/graphql.json`,
      headers: {
        host: acme.host,
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-platform-storefront-access-token,x-sdk-variant,x-sdk-version',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://shop.example');
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/x-sdk-variant/);
  });
});
