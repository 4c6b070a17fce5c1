import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { VERSION, send } from '../../support/http.js';
import { routeTable } from '../../support/identifier-inputs.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { REST_LIMITS } from './admin-rest.js';

// The OpenAPI document is generated from the REST controllers: it must be a valid OpenAPI 3 document and
// describe exactly the admin REST routes Fastify serves, so a route added later cannot go undocumented.

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

describe('GET /admin/api/{version}/openapi.json', () => {
  let t: TestApp;
  let acme: TestShop;
  let document: any;

  beforeAll(async () => {
    // Every documented parameter is sent twice to every route: more requests than the default bucket holds.
    t = await createTestApp({}, REST_LIMITS);
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

  const schemaOf = (schema: any): any => (schema?.$ref ? document.components.schemas[schema.$ref.split('/').at(-1)] : schema);
  const operations = (): [string, string, any][] =>
    Object.entries<any>(document.paths).flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((m): [string, string, any] => [`${m.toUpperCase()} ${path}`, path, item[m]]));
  const queryOf = (operation: any): Record<string, any> => Object.fromEntries(operation.parameters.filter((p: any) => p.in === 'query').map((p: any) => [p.name, p]));
  // A list answers its objects in an array under one key (`{"customers": [...]}`).
  const isList = (operation: any) => {
    const envelope = schemaOf(operation.responses['200']?.content?.['application/json']?.schema);
    return Object.values<any>(envelope?.properties ?? {}).some((property) => property.type === 'array');
  };

  it('gives every operation its success status with the schema of its envelope, and integer path ids', () => {
    for (const [where, path, operation] of operations()) {
      const [status] = Object.keys(operation.responses).filter((s) => s.startsWith('2'));
      const schema = operation.responses[status!].content?.['application/json']?.schema;
      expect({ where, schema: Boolean(schemaOf(schema)?.type) }).toEqual({ where, schema: true });
      if (path.includes('{id}')) expect({ where, id: operation.parameters.find((p: any) => p.name === 'id')?.schema.type }).toEqual({ where, id: 'integer' });
    }
    const success = (method: string, path: string) => {
      const responses = document.paths[`/admin/api/{version}/${path}`][method].responses;
      const [status] = Object.keys(responses).filter((s) => s.startsWith('2'));
      const envelope = schemaOf(responses[status!].content['application/json'].schema);
      const keys = Object.fromEntries(Object.entries<any>(envelope.properties).map(([key, p]) => [key, p.type === 'array' ? [p.items.$ref?.split('/').at(-1)] : (p.$ref?.split('/').at(-1) ?? p.type)]));
      return { status, keys };
    };
    expect(success('post', 'customers.json')).toEqual({ status: '201', keys: { customer: 'RestCustomer' } });
    expect(success('get', 'customers.json')).toEqual({ status: '200', keys: { customers: ['RestCustomer'] } });
    expect(success('get', 'customers/count.json')).toEqual({ status: '200', keys: { count: 'integer' } });
    expect(success('get', 'customers/search.json')).toEqual({ status: '200', keys: { customers: ['RestCustomer'] } });
    expect(success('get', 'customers/{id}.json')).toEqual({ status: '200', keys: { customer: 'RestCustomer' } });
    expect(success('put', 'customers/{id}.json')).toEqual({ status: '200', keys: { customer: 'RestCustomer' } });
    expect(success('delete', 'customers/{id}.json')).toEqual({ status: '200', keys: {} });
    expect(success('post', 'customers/{id}/account_activation_url.json')).toEqual({ status: '200', keys: { account_activation_url: 'string' } });
    expect(success('post', 'customers/{id}/send_invite.json')).toEqual({ status: '201', keys: { customer_invite: 'RestCustomerInvite' } });
    expect(success('get', 'customers/{id}/orders.json')).toEqual({ status: '200', keys: { orders: ['RestOrder'] } });
    expect(success('get', 'shop.json')).toEqual({ status: '200', keys: { shop: 'RestShop' } });
    expect(success('post', 'storefront_access_tokens.json')).toEqual({ status: '200', keys: { storefront_access_token: 'RestStorefrontAccessToken' } });
    // Writes can be refused with the 422 field errors; every error answer has an `errors` body.
    for (const name of ['BadRequest', 'Unauthorized', 'Forbidden', 'NotFound', 'Unprocessable', 'Throttled']) {
      const body = schemaOf(document.components.responses[name].content['application/json'].schema);
      expect({ name, required: body.required }).toEqual({ name, required: ['errors'] });
    }
  });

  it('documents the query parameters of every list and count: limit (1 to 250), fields, page_info and the filters it reads', () => {
    // The balance answers every currency at once (hosted `{"balance":[…]}`), and a product's images all its images (at
    // most 250, as hosted: no limit or page_info): arrays, not paged lists.
    const whole = ['GET /admin/api/{version}/platform_payments/balance.json', 'GET /admin/api/{version}/products/{id}/images.json'];
    const lists = operations().filter(([where, , operation]) => isList(operation) && !whole.includes(where));
    expect(lists.map(([where]) => where).sort()).toEqual([
      'GET /admin/api/{version}/customers.json',
      'GET /admin/api/{version}/customers/search.json',
      'GET /admin/api/{version}/customers/{id}/orders.json',
      'GET /admin/api/{version}/orders.json',
      'GET /admin/api/{version}/orders/{id}/risks.json',
      'GET /admin/api/{version}/platform_payments/balance/transactions.json',
      'GET /admin/api/{version}/platform_payments/payouts.json',
    ]);
    for (const [where, , operation] of lists) {
      const query = queryOf(operation);
      expect({ where, limit: query.limit?.schema }).toEqual({ where, limit: { type: 'integer', minimum: 1, maximum: 250, default: 50 } });
      expect({ where, fields: query.fields?.schema.type, page_info: query.page_info?.schema.type }).toEqual({ where, fields: 'string', page_info: 'string' });
      expect({ where, link: operation.responses['200'].headers?.Link }).toEqual({ where, link: { $ref: '#/components/headers/Link' } });
      for (const parameter of Object.values<any>(query)) expect({ where, name: parameter.name, described: Boolean(parameter.description), required: parameter.required }).toEqual({ where, name: parameter.name, described: true, required: false });
    }
    const names = (method: string, path: string) => Object.keys(queryOf(document.paths[`/admin/api/{version}/${path}`][method]));
    const filters = ['ids', 'since_id', 'created_at_min', 'created_at_max', 'updated_at_min', 'updated_at_max'];
    expect(names('get', 'customers.json')).toEqual(['limit', 'fields', 'page_info', ...filters]);
    expect(names('get', 'customers/count.json')).toEqual(filters);
    expect(names('get', 'customers/search.json')).toEqual(['limit', 'fields', 'page_info', 'query', 'order']);
    expect(names('get', 'customers/{id}/orders.json')).toEqual(['limit', 'fields', 'page_info', 'status']);
    const orders = queryOf(document.paths['/admin/api/{version}/customers/{id}/orders.json'].get);
    expect(orders.status.schema).toEqual({ type: 'string', enum: ['open', 'closed', 'cancelled', 'any'], default: 'open' });
    expect(names('get', 'customers/{id}.json')).toEqual(['fields']);
    expect(names('get', 'products/{id}/images.json')).toEqual(['since_id', 'fields']);
    expect(names('get', 'products/{id}/images/count.json')).toEqual(['since_id']);
    expect(names('get', 'products/{id}/images/{image_id}.json')).toEqual(['fields']);
    const orderFilters = ['ids', 'since_id', 'status', 'financial_status', 'fulfillment_status', 'created_at_min', 'created_at_max', 'updated_at_min', 'updated_at_max', 'processed_at_min', 'processed_at_max'];
    expect(names('get', 'orders.json')).toEqual(['limit', 'fields', 'page_info', ...orderFilters]);
    expect(names('get', 'orders/count.json')).toEqual(orderFilters);
    expect(names('get', 'orders/{id}.json')).toEqual(['fields']);
    expect(names('get', 'platform_payments/balance/transactions.json')).toEqual(['limit', 'fields', 'page_info', 'payout_id', 'since_id', 'last_id', 'payout_status', 'test']);
    expect(names('get', 'platform_payments/payouts.json')).toEqual(['limit', 'fields', 'page_info', 'since_id', 'last_id', 'date_min', 'date_max', 'date', 'status']);
    expect(queryOf(document.paths['/admin/api/{version}/customers.json'].get).since_id.schema).toEqual(expect.objectContaining({ type: 'integer' }));
  });

  it('documents only query parameters the route reads: each, given twice, is refused by name', async () => {
    const checked: string[] = [];
    for (const [where, path, operation] of operations()) {
      for (const name of Object.keys(queryOf(operation))) {
        const url = `${path.replace('{version}', VERSION).replace('{id}', '1')}?${name}=1&${name}=2`;
        const method = where.split(' ')[0]!;
        const res = await send(t.app, { method, url, host: acme.host, headers: { 'x-platform-access-token': acme.tokens.adminAccessToken } });
        expect({ where, name, status: res.status, errors: Object.keys(res.body.errors ?? {}) }).toEqual({ where, name, status: 400, errors: [name] });
        checked.push(name);
      }
    }
    expect(checked.length).toBeGreaterThanOrEqual(20);
  });

  it('describes the customer, address and invite objects with the keys the routes answer', async () => {
    const admin = { 'x-platform-access-token': acme.tokens.adminAccessToken };
    const created = await send(t.app, {
      method: 'POST',
      url: `/admin/api/${VERSION}/customers.json`,
      host: acme.host,
      headers: admin,
      body: { customer: { email: 'openapi@example.com', first_name: 'Open', addresses: [{ address1: '1 Main St', city: 'Ottawa', province_code: 'ON', country_code: 'CA', zip: 'K1A 0B1' }] } },
    });
    expect(created.status).toBe(201);
    const keys = (name: string) => Object.keys(document.components.schemas[name].properties).sort();
    const customer = created.body.customer;
    expect(keys('RestCustomer')).toEqual(Object.keys(customer).sort());
    expect(keys('RestCustomerAddress')).toEqual(Object.keys(customer.addresses[0]).sort());
    expect(keys('RestEmailMarketingConsent')).toEqual(Object.keys(customer.email_marketing_consent).sort());
    const invite = await send(t.app, { method: 'POST', url: `/admin/api/${VERSION}/customers/${customer.id}/send_invite.json`, host: acme.host, headers: admin });
    expect(invite.status).toBe(201);
    expect(keys('RestCustomerInvite')).toEqual(Object.keys(invite.body.customer_invite).sort());
  });

  it('is served on every supported version, the same document, and only with an admin token of the shop', async () => {
    const other = await send(t.app, { url: '/admin/api/2024-01/openapi.json', host: acme.host, headers: { 'x-platform-access-token': acme.tokens.adminAccessToken } });
    expect(other.body).toEqual(document);
    const none = await send(t.app, { url: `/admin/api/${VERSION}/openapi.json`, host: acme.host });
    expect({ status: none.status, body: none.body }).toEqual({ status: 401, body: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' } });
  });
});
