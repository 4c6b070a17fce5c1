import fc from 'fast-check';
import { type KnownIdentifiers, PROTOTYPE_KEYS, hostileDateTime, hostileDay, hostileInt, hostileJson, hostilePhone, hostileString, nestedJson, pageSize, prototypeKeyed } from '../support/hostile-values.js';
import { BODY_LIMIT_BYTES } from '../support/spec-answers.js';

// Requests against REST routes: what the suite sends (methods, path ids, query strings, bodies) and each
// route's own rules (its valid request, its statuses, its body shape).

/** What the suite knows of one REST route, keyed `METHOD /path` as Fastify's route table names it. */
export interface RestRouteRules {
  /** A request the route must serve, and what it answers: one root key, or all of them for a document that is not a resource. */
  valid: { body?: unknown; status: number; rootKey: string | string[]; id?: 'new customer' | 'new order risk' | 'own payout' | 'new product image' };
  /** The route's body limit when it is not the server's (a route that takes an image). */
  bodyLimit?: number;
  /** Statuses the route may answer fuzzed input from a caller it authenticates. */
  statuses: number[];
  /** Bodies of the route's own shape, right and wrong, besides the generic ones. */
  bodies?: fc.Arbitrary<unknown>;
  /** A scope the route requires: a token without it is answered 403. */
  scope?: string;
}

const title = fc.oneof(hostileString, hostileJson, fc.constantFrom('Web', 'x'.repeat(255), 'x'.repeat(256), ''));

/** The same fields, each also null: every field of a body is sent as null now and then (non-nullable ones are a 422). */
function orNull<T extends Record<string, fc.Arbitrary<unknown>>>(fields: T): { [K in keyof T]: fc.Arbitrary<unknown> } {
  const result = {} as { [K in keyof T]: fc.Arbitrary<unknown> };
  for (const key of Object.keys(fields) as (keyof T)[]) result[key] = fc.oneof({ weight: 6, arbitrary: fields[key]! }, { weight: 1, arbitrary: fc.constant(null) });
  return result;
}

/** A body's own fields with keys named like Object.prototype members beside them, now and then. */
function withPrototypeKeys(fields: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Record<string, unknown>> {
  return fc.oneof({ weight: 6, arbitrary: fields }, { weight: 1, arbitrary: fc.tuple(fields, prototypeKeyed(fc.oneof(hostileString, hostileJson))).map(([own, odd]) => ({ ...own, ...odd })) });
}

// A customer body: the resource's own fields with hostile values, right and wrong types, lists at and over 250.
const text = fc.oneof(hostileString, hostileJson, fc.constantFrom('', 'Ann', 'x'.repeat(256)));
const address = fc.record(
  orNull({ id: fc.oneof(hostileInt, text), address1: text, city: text, province: text, country: text, country_code: fc.oneof(text, fc.constantFrom('US', 'FR', 'ZZ', 'usa')), zip: text, phone: hostilePhone, default: fc.oneof(fc.boolean(), text) }),
  { requiredKeys: [] },
);
const consent = fc.oneof(
  hostileJson,
  fc.record(orNull({ state: fc.oneof(text, fc.constantFrom('subscribed', 'not_subscribed', 'unsubscribed')), opt_in_level: text, consent_updated_at: fc.oneof(hostileDateTime, text) }), { requiredKeys: [] }),
);
const customerFields = fc.record(
  orNull({
    email: fc.oneof(text, fc.constantFrom('fuzz@example.com', 'FUZZ@EXAMPLE.COM', 'not-an-email')),
    phone: hostilePhone,
    first_name: text,
    last_name: text,
    note: text,
    tags: fc.oneof(text, fc.array(fc.string(), { maxLength: 3 }), fc.constant(Array.from({ length: 251 }, (_, i) => `t${i}`).join(','))),
    password: text,
    password_confirmation: text,
    send_email_invite: fc.oneof(fc.boolean(), text),
    send_email_welcome: fc.oneof(fc.boolean(), text),
    tax_exempt: fc.oneof(fc.boolean(), text),
    addresses: fc.oneof(hostileJson, fc.array(address, { maxLength: 3 }), fc.array(fc.constant({ city: 'x' }), { minLength: 249, maxLength: 252 })),
    metafields: fc.oneof(hostileJson, fc.array(fc.record({ namespace: text, key: text, value: text, type: text }, { requiredKeys: [] }), { maxLength: 3 })),
    email_marketing_consent: consent,
    sms_marketing_consent: consent,
  }),
  { requiredKeys: [] },
);
// A risk body: recommendation and score right and wrong, the other fields of any type.
const riskFields = fc.record(
  orNull({
    recommendation: fc.oneof(text, fc.constantFrom('cancel', 'investigate', 'accept', 'CANCEL', null)),
    score: fc.oneof(hostileJson, fc.double(), fc.constantFrom('0', '1.0', '0.5', '1.5', '-0.1', '0.12345', 'high', null)),
    message: text,
    source: text,
    display: fc.oneof(fc.boolean(), text),
    cause_cancel: fc.oneof(fc.boolean(), text),
    checkout_id: fc.oneof(hostileInt, text),
  }),
  { requiredKeys: [] },
);
const riskBodies = fc.oneof(fc.record({ risk: withPrototypeKeys(riskFields) }), fc.record({ risk: hostileJson, extra: hostileJson }, { requiredKeys: [] }));

// An image body: an attachment right and wrong (a real 1 × 1 PNG, text, not base64), a name, a position, variants.
export const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWP4z8AAAAMBAQCc479ZAAAAAElFTkSuQmCC';
const imageFields = fc.record(
  orNull({
    attachment: fc.oneof(text, fc.constantFrom(TINY_PNG, Buffer.from('not an image').toString('base64'), 'not base64!', TINY_PNG.slice(0, 40))),
    filename: fc.oneof(text, fc.constantFrom('a.png', 'a b.png', 'a..png', '!a.png', 'a.txt')),
    src: text,
    position: fc.oneof(hostileInt, text),
    alt: text,
    variant_ids: fc.oneof(hostileJson, fc.array(hostileInt, { maxLength: 3 }), fc.constant(Array.from({ length: 251 }, (_, i) => i + 1))),
  }),
  { requiredKeys: [] },
);
const imageBodies = fc.oneof(fc.record({ image: withPrototypeKeys(imageFields) }), fc.record({ image: hostileJson, extra: hostileJson }, { requiredKeys: [] }));

const customerBodies = fc.oneof(fc.record({ customer: withPrototypeKeys(customerFields) }), fc.record({ customer: hostileJson, extra: hostileJson }, { requiredKeys: [] }));
const inviteBodies = fc.oneof(
  fc.record({ customer_invite: fc.record({ to: text, from: text, subject: text, custom_message: text, bcc: fc.oneof(text, fc.array(text, { maxLength: 3 })) }, { requiredKeys: [] }) }),
  fc.record({ customer_invite: hostileJson }),
);

/**
 * Every REST route of the API. The suite enumerates Fastify's route table and fails on a route missing here
 * (or an entry whose route is gone), so a new route arrives with its rules; every route is fuzzed either way.
 */
export const REST_ROUTES: Record<string, RestRouteRules> = {
  'GET /admin/api/:version/shop.json': { valid: { status: 200, rootKey: 'shop' }, statuses: [200] },
  'GET /admin/api/:version/openapi.json': {
    valid: { status: 200, rootKey: ['components', 'info', 'openapi', 'paths', 'security', 'servers', 'tags'] },
    statuses: [200],
  },
  'POST /admin/api/:version/storefront_access_tokens.json': {
    valid: { body: { storefront_access_token: { title: 'Fuzz' } }, status: 200, rootKey: 'storefront_access_token' },
    // 422 also once the app holds its 100 active public tokens.
    statuses: [200, 400, 403, 422],
    scope: 'unauthenticated_read_product_listings',
    bodies: fc.oneof(
      fc.record({ storefront_access_token: withPrototypeKeys(fc.record(orNull({ title }), { requiredKeys: [] })) }),
      fc.record({ storefront_access_token: hostileJson, extra: hostileJson }, { requiredKeys: [] }),
      fc.record({ storefront_access_token: fc.record({ title, tags: fc.array(fc.string(), { minLength: 249, maxLength: 252 }) }) }),
    ),
  },
  'POST /admin/api/:version/customers.json': {
    valid: { body: { customer: { first_name: 'Fuzz' } }, status: 201, rootKey: 'customer' },
    statuses: [201, 400, 422],
    scope: 'write_customers',
    bodies: customerBodies,
  },
  'GET /admin/api/:version/customers.json': { valid: { status: 200, rootKey: 'customers' }, statuses: [200, 400], scope: 'read_customers' },
  'GET /admin/api/:version/customers/count.json': { valid: { status: 200, rootKey: 'count' }, statuses: [200, 400], scope: 'read_customers' },
  'GET /admin/api/:version/customers/search.json': { valid: { status: 200, rootKey: 'customers' }, statuses: [200, 400], scope: 'read_customers' },
  'GET /admin/api/:version/customers/:id.json': { valid: { status: 200, rootKey: 'customer', id: 'new customer' }, statuses: [200, 404], scope: 'read_customers' },
  'PUT /admin/api/:version/customers/:id.json': {
    valid: { body: { customer: { note: 'Fuzzed' } }, status: 200, rootKey: 'customer', id: 'new customer' },
    statuses: [200, 400, 404, 422],
    scope: 'write_customers',
    bodies: customerBodies,
  },
  'DELETE /admin/api/:version/customers/:id.json': { valid: { status: 200, rootKey: [], id: 'new customer' }, statuses: [200, 404, 422], scope: 'write_customers' },
  'POST /admin/api/:version/customers/:id/account_activation_url.json': {
    valid: { status: 200, rootKey: 'account_activation_url', id: 'new customer' },
    statuses: [200, 404, 422],
    scope: 'write_customers',
  },
  'POST /admin/api/:version/customers/:id/send_invite.json': {
    valid: { body: { customer_invite: { to: 'fuzz@example.com' } }, status: 201, rootKey: 'customer_invite', id: 'new customer' },
    statuses: [201, 400, 404, 422],
    scope: 'write_customers',
    bodies: inviteBodies,
  },
  'GET /admin/api/:version/customers/:id/orders.json': { valid: { status: 200, rootKey: 'orders', id: 'new customer' }, statuses: [200, 400, 404], scope: 'read_orders' },
  'GET /admin/api/:version/orders.json': { valid: { status: 200, rootKey: 'orders' }, statuses: [200, 400], scope: 'read_orders' },
  'GET /admin/api/:version/orders/count.json': { valid: { status: 200, rootKey: 'count' }, statuses: [200, 400], scope: 'read_orders' },
  'GET /admin/api/:version/orders/:id.json': { valid: { status: 200, rootKey: 'order', id: 'new order risk' }, statuses: [200, 400, 404], scope: 'read_orders' },
  'POST /admin/api/:version/orders/:id/risks.json': {
    valid: { body: { risk: { recommendation: 'accept', score: '0.1' } }, status: 201, rootKey: 'risk', id: 'new order risk' },
    statuses: [201, 400, 404, 422],
    scope: 'write_orders',
    bodies: riskBodies,
  },
  'GET /admin/api/:version/platform_payments/balance/transactions.json': { valid: { status: 200, rootKey: 'transactions' }, statuses: [200, 400], scope: 'read_platform_payments_payouts' },
  'GET /admin/api/:version/platform_payments/payouts.json': { valid: { status: 200, rootKey: 'payouts' }, statuses: [200, 400], scope: 'read_platform_payments_payouts' },
  'GET /admin/api/:version/platform_payments/payouts/:id.json': { valid: { status: 200, rootKey: 'payout', id: 'own payout' }, statuses: [200, 400, 404], scope: 'read_platform_payments_payouts' },
  'GET /admin/api/:version/platform_payments/balance.json': { valid: { status: 200, rootKey: 'balance' }, statuses: [200], scope: 'read_platform_payments' },
  'GET /admin/api/:version/orders/:id/risks.json': { valid: { status: 200, rootKey: 'risks', id: 'new order risk' }, statuses: [200, 400, 404], scope: 'read_orders' },
  'GET /admin/api/:version/orders/:id/risks/:risk_id.json': { valid: { status: 200, rootKey: 'risk', id: 'new order risk' }, statuses: [200, 404], scope: 'read_orders' },
  // 403: a risk another app made (the seed's risk apps).
  'PUT /admin/api/:version/orders/:id/risks/:risk_id.json': {
    valid: { body: { risk: { score: '0.9' } }, status: 200, rootKey: 'risk', id: 'new order risk' },
    statuses: [200, 400, 403, 404, 422],
    scope: 'write_orders',
    bodies: riskBodies,
  },
  'DELETE /admin/api/:version/orders/:id/risks/:risk_id.json': { valid: { status: 200, rootKey: [], id: 'new order risk' }, statuses: [200, 403, 404], scope: 'write_orders' },
  // The limited token holds read_products: these reads serve it.
  'GET /admin/api/:version/products/:id/images.json': { valid: { status: 200, rootKey: 'images', id: 'new product image' }, statuses: [200, 400, 404] },
  'GET /admin/api/:version/products/:id/images/count.json': { valid: { status: 200, rootKey: 'count', id: 'new product image' }, statuses: [200, 400, 404] },
  'GET /admin/api/:version/products/:id/images/:image_id.json': { valid: { status: 200, rootKey: 'image', id: 'new product image' }, statuses: [200, 400, 404] },
  'POST /admin/api/:version/products/:id/images.json': {
    valid: { body: { image: { attachment: TINY_PNG, filename: 'fuzz.png' } }, status: 200, rootKey: 'image', id: 'new product image' },
    statuses: [200, 400, 404, 422],
    scope: 'write_products',
    bodies: imageBodies,
    // MEDIA_MAX_BYTES (20 MB) in base64 and 64 KiB of JSON (apps/api/create-api-app.ts).
    bodyLimit: Math.ceil(20_000_000 / 3) * 4 + 64 * 1024,
  },
  'PUT /admin/api/:version/products/:id/images/:image_id.json': {
    valid: { body: { image: { alt: 'Fuzzed', position: 1 } }, status: 200, rootKey: 'image', id: 'new product image' },
    statuses: [200, 400, 404, 422],
    scope: 'write_products',
    bodies: imageBodies,
  },
  'DELETE /admin/api/:version/products/:id/images/:image_id.json': { valid: { status: 200, rootKey: [], id: 'new product image' }, statuses: [200, 404], scope: 'write_products' },
};

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Methods whose bodies Fastify reads. */
export const BODY_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** REST ids: other shops' and made-up numbers, and what is not a number at all. */
export function hostileRestId(known: KnownIdentifiers): fc.Arbitrary<string> {
  const foreign = known.foreignIds.map((gid) => gid.split('/').at(-1)!);
  return fc.oneof(
    { weight: 2, arbitrary: foreign.length > 0 ? fc.constantFrom(...foreign) : fc.constant('1') },
    { weight: 2, arbitrary: hostileInt.map(String) },
    { weight: 2, arbitrary: fc.constantFrom('0', '-1', '1.5', '1e3', '0x10', '9007199254740993', '99999999999999999999', 'count', 'abc', '%00', '%2F', '%2e%2e', '', '%F0%9F%98%80', '1%00') },
    { weight: 1, arbitrary: hostileString.map(encodePart) },
  );
}

const QUERY_KEYS = [
  ...['limit', 'page_info', 'fields', 'since_id', 'last_id', 'payout_id', 'payout_status', 'test', 'page', 'ids', 'status', 'order', 'query'],
  ...['date_min', 'date_max', 'date', 'created_at_min', 'created_at_max', 'updated_at_min', 'updated_at_max', 'processed_at_min', 'processed_at_max'],
  ...['x', 'a[b]', 'limit[]', '', 'f\u0000', ...PROTOTYPE_KEYS],
];
const queryValue = fc.oneof(
  pageSize.map(String),
  hostileString,
  hostileDateTime,
  hostileDay,
  fc.constantFrom('', '0', '-1', '250', '251', '401', '2001', '1e3', 'id,title', 'id,,name,nope', 'eyJsYXN0X2lkIjoxfQ', '2024-02-30T00:00:00Z', 'any', 'a\u0000'),
);

/** A query string (`?…` or nothing): the REST parameters with hostile values, repeated keys, malformed escapes. */
export const queryStrings: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.array(fc.tuple(fc.constantFrom(...QUERY_KEYS), queryValue), { maxLength: 5 }).map((pairs) => pairs.map(([k, v]) => `${encodePart(k)}=${encodePart(v)}`).join('&')) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%ZZ=1', 'a=%', 'a=b=c', '&&&', '=', 'page=1&page=2', 'limit=250&page=401', 'page=2001', 'limit=%00', 'a=%ED%A0%80', 'a+b=c+d') },
).map((query) => (query === '' ? '' : `?${query}`));

/** A body as sent: its text (none for an empty request) and its Content-Type. */
export interface RestPayload {
  text?: string;
  contentType?: string;
}

/** Bodies of every kind: none, not JSON, JSON of any shape, the route's own shape, too deep, too large. */
export function restPayloads(own: fc.Arbitrary<unknown> | undefined): fc.Arbitrary<RestPayload> {
  const json = fc.oneof(
    { weight: 3, arbitrary: own ?? hostileJson },
    { weight: 2, arbitrary: hostileJson },
    { weight: 1, arbitrary: fc.integer({ min: 60, max: 70 }).map((levels) => ({ storefront_access_token: nestedJson(levels) })) },
    { weight: 1, arbitrary: fc.constantFrom(Array.from({ length: 251 }, (_, i) => i), { a: 'b\u0000' }, { 'k\u0000': 1 }, { storefront_access_token: { title: 'a\u0000b' } }) },
  );
  return fc.tuple(
    fc.oneof(
      { weight: 2, arbitrary: fc.constant(undefined) },
      { weight: 6, arbitrary: json.map((value) => JSON.stringify(value) ?? 'null') },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 100 }) },
      { weight: 1, arbitrary: fc.constantFrom('', ' ', '{', 'null', '"x"', '{"a":1}garbage', '\u0000', `{"storefront_access_token":${'['.repeat(100_000)}`) },
      // A key given twice (JSON.parse would keep the last), also written with an escape, at any depth.
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '{"storefront_access_token":{"title":"a","title":"b"}}',
          '{"storefront_access_token":{"title":"a"},"storefront_access_token":{"title":"b"}}',
          '{"customer":{"first_name":"a","first_nam\\u0065":"b"}}',
          '{"risk":{"recommendation":"accept","display":true,"display":null}}',
          '{"a":[{"b":1,"b":2}]}',
        ),
      },
      { weight: 1, arbitrary: fc.constant(null).map(() => JSON.stringify({ storefront_access_token: { title: 'z'.repeat(BODY_LIMIT_BYTES) } })) },
    ),
    fc.constantFrom(undefined, 'application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'),
  ).map(([text, contentType]) => ({ text, contentType }));
}

// encodeURIComponent refuses lone surrogates; such text goes as the escapes of an invalid UTF-8 sequence.
function encodePart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/** The parsed values of a query string as Fastify reads them: one value per key, or a list when repeated. */
export function queryValues(query: string): Map<string, string | string[]> {
  // A Map: keys like `__proto__` are data here, as they are to the server.
  const values = new Map<string, string | string[]>();
  for (const [key, value] of new URLSearchParams(query.replace(/^\?/, ''))) {
    const had = values.get(key);
    values.set(key, had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value]);
  }
  return values;
}

/** The spec's deep-paging rule: a GET whose page × limit (default 50) is above 100,000 is a 429. */
export function pagesTooDeep(method: string, query: string): boolean {
  if (method !== 'GET') return false;
  const values = queryValues(query);
  const page = Number(values.get('page'));
  if (!Number.isFinite(page) || page <= 0) return false;
  const limit = Number(values.get('limit') ?? 50);
  return page * (Number.isFinite(limit) && limit > 0 ? limit : 50) > 100_000;
}
