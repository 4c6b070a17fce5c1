import fc from 'fast-check';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import { AuthService } from '@platform/auth';
import { LedgerService, PayoutsService } from '@platform/payments';
import { createCharge } from '@platform/payments/testing';
import { JOB_QUEUE, type JobQueue } from '@platform/queue';
import { SystemContexts } from '@platform/request';
import { fuzzSettings, UNTHROTTLED } from '../support/fuzz-settings.js';
import type { KnownIdentifiers } from '../support/hostile-values.js';
import { VERSION } from '../support/http.js';
import { type Route, routeParameters, routeTable } from '../support/identifier-inputs.js';
import { RowCounter, changedCounts } from '../support/row-counts.js';
import {
  type Answer,
  BODY_LIMIT_BYTES,
  commonProblems,
  hasDuplicateKey,
  jsonBody,
  jsonDepth,
  keyedErrorProblems,
  preview,
  stringErrorProblems,
  timedInject,
} from '../support/spec-answers.js';
import { type TestApp, type TestShop, createTestApp } from '../support/test-app.js';
import { assertNoProblems, knownIdentifiers, unsupportedVersions } from './graphql-fuzz.js';
import { BODY_METHODS, METHODS, REST_ROUTES, type RestPayload, TINY_PNG, hostileRestId, pagesTooDeep, queryStrings, queryValues, restPayloads } from './rest-requests.js';

// Every REST route of Fastify's route table (routes added later included) under random methods, path ids,
// query strings and bodies, with and without valid tokens: the spec's status and shape for each, never a
// 5xx, within the time bound, and a refused request (or a read) writes nothing. `npm run fuzz` runs more.

const fuzz = fuzzSettings(300);

const INVALID_TOKEN = '[API] Invalid API key or access token (unrecognized login or wrong password)';

interface Caller {
  name: string;
  headers: Record<string, string>;
  /** The pipeline lets it through (an active shop's valid admin token). */
  valid: boolean;
  /** The scopes it lacks, when it lacks some. */
  limited?: boolean;
}

describe('admin REST fuzz', () => {
  let t: TestApp;
  let acme: TestShop;
  let beta: TestShop;
  let limitedToken: string;
  const inactive: Record<'frozen' | 'fraudulent' | 'locked', TestShop> = {} as never;
  let known: KnownIdentifiers;
  let rows: RowCounter;
  let routes: Route[];

  beforeAll(async () => {
    t = await createTestApp({}, UNTHROTTLED);
    acme = await t.seedShop('acme', { products: 4, customers: 3, orders: 3, seed: 7 });
    beta = await t.seedShop('beta', { products: 3, customers: 2, orders: 2, seed: 8 });
    limitedToken = (await t.app.get(AuthService).installApp(acme.shop.id, 'read only', 'read_products')).adminAccessToken;
    for (const state of ['frozen', 'fraudulent', 'locked'] as const) {
      inactive[state] = await t.createShop(state);
      await t.setShopState(state, state);
    }
    known = await knownIdentifiers(t, acme, beta);
    rows = await RowCounter.open(t.databaseUrl);
    routes = routeTable(t.app.getHttpAdapter().getInstance() as unknown as FastifyInstance).filter(
      (r) => r.path.startsWith('/admin/api/:version/') && !r.path.endsWith('/graphql.json'),
    );
  }, 120_000);
  afterAll(async () => {
    await rows?.close();
    await t?.close();
  });

  const callers = (): Caller[] => [
    { name: 'admin token', headers: { 'x-platform-access-token': acme.tokens.adminAccessToken }, valid: true },
    { name: 'token without the scopes', headers: { 'x-platform-access-token': limitedToken }, valid: true, limited: true },
    { name: 'no token', headers: {}, valid: false },
    { name: 'empty token', headers: { 'x-platform-access-token': '' }, valid: false },
    { name: 'wrong token', headers: { 'x-platform-access-token': `platat_${'1'.repeat(32)}` }, valid: false },
    { name: "another shop's token", headers: { 'x-platform-access-token': beta.tokens.adminAccessToken }, valid: false },
    { name: 'storefront token', headers: { 'x-platform-access-token': acme.tokens.storefrontPrivateToken }, valid: false },
    { name: 'token of 10,000 characters', headers: { 'x-platform-access-token': 'z'.repeat(10_000) }, valid: false },
  ];

  const key = (route: Route) => `${route.method} ${route.path}`;

  // A customer of its own for a route's valid request (no orders: DELETE may take it).
  let made = 0;
  async function newCustomerId(): Promise<string> {
    made += 1;
    const payload = JSON.stringify({ customer: { first_name: 'Valid', email: `valid-${made}@fuzz.example` } });
    const answer = await timedInject(t.app, { method: 'POST', url: `/admin/api/${VERSION}/customers.json`, host: acme.host, headers: { ...callers()[0]!.headers, 'content-type': 'application/json' }, payload });
    return String(JSON.parse(answer.text).customer.id);
  }

  // A risk of the admin token's app on one of the shop's orders, for the risk routes' valid requests.
  async function newOrderRisk(): Promise<Record<string, string>> {
    const [order] = await t.app.get(EntityManager).getConnection().execute<{ id: string }[]>('select id from orders where shop_id = ? order by id limit 1', [acme.shop.id]);
    const payload = JSON.stringify({ risk: { recommendation: 'investigate', score: '0.5' } });
    const answer = await timedInject(t.app, { method: 'POST', url: `/admin/api/${VERSION}/orders/${order!.id}/risks.json`, host: acme.host, headers: { ...callers()[0]!.headers, 'content-type': 'application/json' }, payload });
    return { id: String(order!.id), risk_id: String(JSON.parse(answer.text).risk.id) };
  }

  // An image of one of the shop's products, for the image routes' valid requests.
  async function newProductImage(): Promise<Record<string, string>> {
    const [product] = await t.app.get(EntityManager).getConnection().execute<{ id: string }[]>('select id from products where shop_id = ? order by id limit 1', [acme.shop.id]);
    const payload = JSON.stringify({ image: { attachment: TINY_PNG } });
    const answer = await timedInject(t.app, { method: 'POST', url: `/admin/api/${VERSION}/products/${product!.id}/images.json`, host: acme.host, headers: { ...callers()[0]!.headers, 'content-type': 'application/json' }, payload });
    return { id: String(product!.id), image_id: String(JSON.parse(answer.text).image.id) };
  }

  // A payout of the shop for the payout route's valid request: a charge swept by a run.
  async function ownPayoutId(): Promise<string> {
    const ctx = t.app.get(SystemContexts).forShop(acme.shop);
    await createCharge(t.app.get(LedgerService), ctx, { amount: '25.00', processedAt: new Date(Date.now() - 60_000) });
    return String((await t.app.get(PayoutsService).run(ctx)).created[0]!.id);
  }

  it('knows the rules of every REST route in the route table', () => {
    const inTable = routes.map(key);
    // The table is really read: the proof route is always there.
    expect(inTable).toContain('GET /admin/api/:version/shop.json');
    expect({ missing: inTable.filter((k) => !(k in REST_ROUTES)), stale: Object.keys(REST_ROUTES).filter((k) => !inTable.includes(k)) }).toEqual({ missing: [], stale: [] });
  });

  it('serves the valid request of every route, in the spec shape', async () => {
    for (const route of routes) {
      const rules = REST_ROUTES[key(route)]!;
      const ids = rules.valid.id === 'new order risk' ? await newOrderRisk() : rules.valid.id === 'new product image' ? await newProductImage() : undefined;
      const id = rules.valid.id === 'new customer' ? await newCustomerId() : rules.valid.id === 'own payout' ? await ownPayoutId() : known.ownIds[0]!.split('/').at(-1)!;
      const url = route.path.replace(':version', VERSION).replace(/:(\w+)/g, (_, name: string) => ids?.[name] ?? id);
      const payload = rules.valid.body === undefined ? undefined : JSON.stringify(rules.valid.body);
      const answer = await timedInject(t.app, { method: route.method, url, host: acme.host, headers: { ...callers()[0]!.headers, 'content-type': 'application/json' }, payload });
      const body = JSON.parse(answer.text);
      expect({ route: key(route), status: answer.status, root: Object.keys(body).sort() }).toEqual({ route: key(route), status: rules.valid.status, root: [rules.valid.rootKey].flat().sort() });
    }
  });

  /** What a REST answer must be for a request, by the pipeline's order and the route's rules. */
  function problemsOf(answer: Answer, sent: { method: string; route?: Route; params: Record<string, string>; query: string; payload: RestPayload; caller: Caller; stop?: string; badUrl?: boolean }): string[] {
    const problems = commonProblems(answer);
    if (sent.method === 'OPTIONS') {
      // CORS answers every OPTIONS request as a preflight, before the pipeline.
      if (answer.status !== 204 || answer.text !== '') problems.push(`OPTIONS answered ${answer.status} ${preview(answer.text)}, expected an empty 204`);
      return problems;
    }
    const refusedByRouter = sent.badUrl === true && answer.status === 404 && !sent.stop;
    const expect = (statuses: number[], why: string) => {
      if (!statuses.includes(answer.status)) problems.push(`status ${answer.status}, expected ${statuses.join(' or ')} (${why})`);
    };
    if (sent.stop) expect([sent.stop === 'frozen' ? 402 : sent.stop === 'fraudulent' ? 403 : sent.stop === 'locked' ? 423 : 404], sent.stop);
    // A segment Fastify's router cannot read (when the router gets to it) is answered 404 before the credentials and
    // the bucket (framework-errors.ts); otherwise the request goes on like any other.
    else if (refusedByRouter) return [...problems, ...stringErrorProblems(jsonBody(answer, problems))];
    else if (!sent.caller.valid) {
      expect([401], sent.caller.name);
      if (sent.method !== 'HEAD' && answer.text !== JSON.stringify({ errors: INVALID_TOKEN })) problems.push(`expected the invalid-token body, got ${preview(answer.text)}`);
    } else if (pagesTooDeep(sent.method, sent.query)) {
      expect([429], 'page × limit above 100,000');
    } else {
      const rules = sent.route && REST_ROUTES[key(sent.route)];
      const text = sent.payload.text;
      const bodyRead = BODY_METHODS.includes(sent.method) && text !== undefined && text !== '';
      const parsed = bodyRead ? parseJson(text) : undefined;
      const unreadable = parsed === NOT_JSON || (bodyRead && (jsonDepth(parsed) > 64 || hasDuplicateKey(Buffer.from(text, 'utf8').toString('utf8'))));
      const unstorable = [...queryValues(sent.query), ...Object.entries(sent.params)].some(([k, v]) => !storable(k) || [v].flat().some((s) => !storable(s)));
      if (bodyRead && Buffer.byteLength(text) > (rules?.bodyLimit ?? BODY_LIMIT_BYTES)) expect([413], 'body over the limit');
      // A path and method no route takes is 404 whatever its body (json-body.ts); another route may take it (below).
      else if (bodyRead && unreadable) expect(rules ? [400] : [400, 404], 'unreadable or too deep body, or a key given twice');
      else if (unstorable) expect([400], 'NUL byte or a lone surrogate in a parameter');
      // Another route may serve the path (PUT customers/search.json is PUT customers/:id.json with id "search"),
      // and it checks its scope before its id.
      else if (!rules) expect(sent.caller.limited ? [400, 403, 404, 422] : [400, 404, 422], 'no such route, or one whose id segment matches');
      else if (sent.caller.limited && rules.scope) expect([403, 422], `a token without ${rules.scope}`);
      else expect([...rules.statuses, 422], 'the route');
    }
    if (sent.method === 'HEAD') return problems;
    const body = jsonBody(answer, problems);
    if (answer.status >= 200 && answer.status < 300) {
      if (typeof body !== 'object' || body === null || Array.isArray(body) || 'errors' in body) problems.push(`a ${answer.status} body that is not a resource: ${preview(body)}`);
    } else if (answer.status === 400) problems.push(...keyedErrorProblems(body, 'string'));
    else if (answer.status === 422) problems.push(...keyedErrorProblems(body, 'list'));
    else problems.push(...stringErrorProblems(body));
    if (sent.caller.valid && !sent.stop && !/^\d+\/\d+$/.test(String(answer.headers['x-platform-shop-api-call-limit']))) {
      problems.push('an authenticated answer without X-Platform-Shop-Api-Call-Limit');
    }
    return problems;
  }

  async function send(sent: Parameters<typeof problemsOf>[1], host: string, path: string): Promise<void> {
    const queue = t.app.get<JobQueue>(JOB_QUEUE);
    await queue.drain();
    const before = await rows.counts();
    const headers = { ...sent.caller.headers, ...(sent.payload.contentType !== undefined ? { 'content-type': sent.payload.contentType } : {}) };
    const answer = await timedInject(t.app, { method: sent.method, url: `${path}${sent.query}`, host, headers, payload: sent.payload.text });
    // The jobs a write enqueued (an invite's email) write their rows now, not during the next request's count.
    await queue.drain();
    const problems = problemsOf(answer, sent);
    // Only a request that succeeded and may write (not a read) may change rows.
    if (!(answer.status < 300 && BODY_METHODS.includes(sent.method))) {
      problems.push(...changedCounts(before, await rows.counts()).map((change) => `${sent.method} answered ${answer.status} and wrote ${change}`));
    }
    assertNoProblems(problems, answer, { ...sent, caller: sent.caller.name, route: sent.route && key(sent.route), host, path });
  }

  const budget = fuzz.budget(1_000);
  it(
    'answers random methods, ids, query strings and bodies on every route as the spec says',
    async () => {
      const route = fc.constantFrom(...routes);
      const request = route.chain((r) =>
        fc.record({
          route: fc.constant(r),
          method: fc.oneof({ weight: 3, arbitrary: fc.constant(r.method) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS, 'HEAD', 'OPTIONS') }),
          ids: fc.array(hostileRestId(known), { minLength: routeParameters(r.path).length, maxLength: routeParameters(r.path).length }),
          suffix: fc.oneof({ weight: 8, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('/', 'x', '.xml', '/1.json', '%00', '%2F..') }),
          query: queryStrings,
          payload: restPayloads(REST_ROUTES[key(r)]?.bodies),
          caller: fc.nat(),
        }),
      );
      await fc.assert(
        fc.asyncProperty(request, async ({ route: r, method, ids, suffix, query, payload, caller: pick }) => {
          const all = callers();
          // Mostly the valid tokens, so the route's own rules are what is tested.
          const caller = pick % 3 === 0 ? all[pick % all.length]! : all[pick % 2]!;
          const names = routeParameters(r.path);
          // A dot segment is resolved away by the URL ('customers/%2e%2e/orders.json' is 'orders.json'): another request.
          fc.pre(ids.every((id) => !['.', '..'].includes(safeDecode(id).toLowerCase())));
          let i = 0;
          const path = r.path.replace(':version', VERSION).replace(/:(\w+)/g, () => ids[i++]!) + suffix;
          // What Fastify will have matched: a route of this path and method (HEAD serves GET), if the path is unaltered.
          // An empty id segment ('orders//risks/1.json') or a line break
          // (which a parameter with a suffix, ':id.json', does not match) changes the path. An id that names a static
          // segment routes to that route ('orders/count.json' is the count, not order "count").
          const unaltered = suffix === '' && ids.every((id) => id !== '' && !/[\r\n\u2028\u2029]/.test(safeDecode(id)));
          const statics = staticSegments(routes);
          const pattern = r.path.replace(/:(\w+)/g, (param: string, name: string) => (statics.has(safeDecode(ids[names.indexOf(name)] ?? '')) ? safeDecode(ids[names.indexOf(name)]!) : param));
          const sameMethod = (x: Route) => x.method === method || (method === 'HEAD' && x.method === 'GET');
          // Each method has its own tree: a static route of another method leaves the parametric one to match.
          const matched = unaltered ? (routes.find((x) => x.path === pattern && sameMethod(x)) ?? routes.find((x) => x.path === r.path && sameMethod(x))) : undefined;
          const params = matched ? Object.fromEntries(routeParameters(matched.path).map((name) => [name, safeDecode(ids[names.indexOf(name)]!)])) : {};
          // Fastify answers a segment it cannot decode, or longer than its router reads, before any hook.
          const badUrl = ids.some((id) => !decodes(id) || safeDecode(id).length > MAX_PARAM_LENGTH);
          await send({ method, route: matched, params, query, payload, caller, badUrl }, acme.host, path);
        }),
        budget.parameters,
      );
    },
    budget.timeout,
  );

  const stopsBudget = fuzz.budget(1_000);
  it(
    'stops unknown hosts, unsupported versions and inactive shops before credentials or the route',
    async () => {
      const stops = fc.oneof(
        fc.constantFrom('nope.myplatform.localhost', 'localhost', 'evil.example').map((host) => ({ host, version: VERSION, stop: 'unknown host' })),
        unsupportedVersions.map((version) => ({ host: acme.host, version, stop: 'unsupported version' })),
        fc.constantFrom('frozen', 'fraudulent', 'locked' as const).map((state) => ({ host: inactive[state].host, version: VERSION, stop: state })),
      );
      await fc.assert(
        fc.asyncProperty(stops, fc.constantFrom(...routes), fc.constantFrom(...METHODS, 'OPTIONS'), queryStrings, restPayloads(undefined), fc.nat(), async (target, r, method, query, payload, pick) => {
          const caller = callers()[pick % callers().length]!;
          const path = r.path.replace(':version', target.version).replace(/:(\w+)/g, '1');
          await send({ method, params: {}, query, payload, caller, stop: target.stop }, target.host, path);
        }),
        stopsBudget.parameters,
      );
    },
    stopsBudget.timeout,
  );

  // Inputs the properties found, kept as examples so they stay fixed whatever the seed.
  describe('regressions found by fuzzing', () => {
    it('answers OPTIONS without the preflight headers with an empty 204 carrying X-Request-Id, not a text/plain 400', async () => {
      for (const url of [`/admin/api/${VERSION}/shop.json`, `/api/${VERSION}/graphql.json`, '/admin/api/nope/x.json']) {
        const answer = await timedInject(t.app, { method: 'OPTIONS', url, host: acme.host });
        expect({ url, status: answer.status, text: answer.text, id: typeof answer.headers['x-request-id'] }).toEqual({ url, status: 204, text: '', id: 'string' });
      }
    });

    it('runs the pipeline on a path whose prefix is escaped (/adm%69n/api/…/shop%2Ejson): no token is a 401, not a 500', async () => {
      const answer = await timedInject(t.app, { method: 'GET', url: `/adm%69n/api/${VERSION}/shop%2Ejson`, host: acme.host });
      expect({ status: answer.status, text: answer.text }).toEqual({ status: 401, text: JSON.stringify({ errors: INVALID_TOKEN }) });
    });

    it('answers an empty version segment (/admin/api//shop.json) as an unsupported version, before reading a 2 MiB body', async () => {
      const payload = JSON.stringify({ storefront_access_token: { title: 'z'.repeat(BODY_LIMIT_BYTES) } });
      const answer = await timedInject(t.app, { method: 'DELETE', url: '/admin/api//shop.json', host: acme.host, headers: callers()[0]!.headers, payload });
      expect({ status: answer.status, body: JSON.parse(answer.text) }).toEqual({ status: 404, body: { errors: expect.stringMatching(/^API version '' is not supported/) } });
    });

    it('answers a path whose escapes do not decode (/admin/api/%ZZ/shop.json) with 404 in the API shape', async () => {
      const answer = await timedInject(t.app, { method: 'GET', url: '/admin/api/%ZZ/shop.json', host: acme.host, headers: callers()[0]!.headers });
      expect({ status: answer.status, text: answer.text }).toEqual({ status: 404, text: '{"errors":"Not Found"}' });
    });
  });
});

const NOT_JSON = Symbol('not JSON');

// Text Postgres can take: no NUL byte, no lone surrogate (with the `u` flag a pair is one code point, not Cs).
function storable(text: string): boolean {
  return !/\u0000|\p{Cs}/u.test(text);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(Buffer.from(text, 'utf8').toString('utf8'));
  } catch {
    return NOT_JSON;
  }
}

/** Fastify's router reads path parameters of at most this many characters once decoded (its default `maxParamLength`). */
const MAX_PARAM_LENGTH = 100;

/** Every fixed segment of the routes, without its '.json' ('count', 'search', 'balance', …). */
function staticSegments(routes: Route[]): Set<string> {
  return new Set(routes.flatMap((r) => r.path.split('/')).filter((part) => part && !part.startsWith(':')).map((part) => part.replace(/\.json$/, '')));
}

function decodes(part: string): boolean {
  try {
    decodeURIComponent(part);
    return true;
  } catch {
    return false;
  }
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
