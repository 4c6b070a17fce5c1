import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { VERSION, send } from '../../support/http.js';
import { routeTable } from '../../support/identifier-inputs.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';

// The OpenAPI document is generated from the REST controllers: it must be a valid OpenAPI 3 document and
// describe exactly the admin REST routes Fastify serves, so a route added later cannot go undocumented.

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

describe('GET /admin/api/{version}/openapi.json', () => {
  let t: TestApp;
  let acme: TestShop;
  let document: any;

  beforeAll(async () => {
    t = await createTestApp();
    acme = await t.createShop('acme');
    const res = await send(t.app, { url: `/admin/api/${VERSION}/openapi.json`, host: acme.host, headers: { 'x-platform-access-token': acme.tokens.adminAccessToken } });
    expect(res.status).toBe(200);
    document = res.body;
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect({ valid: result.valid, errors: result.errors }).toEqual({ valid: true, errors: undefined });
    expect(validator.version).toMatch(/^3\./);
  });

  it('describes exactly the admin REST routes Fastify has, with {version} and the other path parameters declared', () => {
    const served = routeTable(t.app.getHttpAdapter().getInstance() as unknown as FastifyInstance)
      .filter((r) => r.path.startsWith('/admin/api/:version/') && !r.path.endsWith('/graphql.json'))
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    const documented = Object.entries(document.paths).flatMap(([path, item]: [string, any]) => METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(served.sort());
    expect(served).toContain('GET /admin/api/{version}/shop.json');
    for (const [path, item] of Object.entries<any>(document.paths)) {
      for (const method of METHODS.filter((m) => item[m])) {
        const names = item[method].parameters.filter((p: any) => p.$ref || p.in === 'path').map((p: any) => (p.$ref ? p.$ref.split('/').at(-1) : p.name));
        expect({ path, method, names: names.sort() }).toEqual({ path, method, names: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort() });
      }
    }
  });

  it('gives every operation a summary, a tag, the token, a success answer and the error answers', () => {
    expect(document.components.securitySchemes.access_token).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Platform-Access-Token' }));
    expect(document.security).toEqual([{ access_token: [] }]);
    for (const [path, item] of Object.entries<any>(document.paths)) {
      for (const method of METHODS.filter((m) => item[m])) {
        const operation = item[method];
        const where = `${method.toUpperCase()} ${path}`;
        expect({ where, summary: typeof operation.summary, tags: operation.tags.length > 0 }).toEqual({ where, summary: 'string', tags: true });
        const success = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
        expect({ where, success: success.length }).toEqual({ where, success: 1 });
        expect({ where, errors: ['400', '401', '404', '429'].filter((s) => !operation.responses[s]) }).toEqual({ where, errors: [] });
      }
    }
  });

  it('names the scope each route declares, as the guard enforces it', () => {
    const tokens = document.paths['/admin/api/{version}/storefront_access_tokens.json'].post;
    expect(tokens['x-platform-scope']).toBe('unauthenticated_read_product_listings');
    expect(tokens.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
    expect(document.paths['/admin/api/{version}/shop.json'].get['x-platform-scope']).toBeUndefined();
    // Customers read with read_customers and write with write_customers; a customer's orders are orders (read_orders).
    for (const [path, item] of Object.entries<any>(document.paths).filter(([p]) => p.includes('/customers'))) {
      for (const method of METHODS.filter((m) => item[m])) {
        const scope = path.endsWith('/orders.json') ? 'read_orders' : method === 'get' ? 'read_customers' : 'write_customers';
        expect({ path, method, scope: item[method]['x-platform-scope'] }).toEqual({ path, method, scope });
      }
    }
  });

  it('describes the bodies of the existing resources as they are answered', async () => {
    const shop = document.paths['/admin/api/{version}/shop.json'].get.responses['200'].content['application/json'].schema;
    expect(shop).toEqual({ $ref: '#/components/schemas/ShopResponse' });
    const answered = await send(t.app, { url: `/admin/api/${VERSION}/shop.json`, host: acme.host, headers: { 'x-platform-access-token': acme.tokens.adminAccessToken } });
    expect(Object.keys(document.components.schemas.RestShop.properties).sort()).toEqual(Object.keys(answered.body.shop).sort());
    const create = document.paths['/admin/api/{version}/storefront_access_tokens.json'].post;
    expect(create.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CreateStorefrontAccessTokenRequest' });
  });

  it('is served on every supported version, the same document, and only with an admin token of the shop', async () => {
    const other = await send(t.app, { url: '/admin/api/2024-01/openapi.json', host: acme.host, headers: { 'x-platform-access-token': acme.tokens.adminAccessToken } });
    expect(other.body).toEqual(document);
    const none = await send(t.app, { url: `/admin/api/${VERSION}/openapi.json`, host: acme.host });
    expect({ status: none.status, body: none.body }).toEqual({ status: 401, body: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' } });
  });
});
