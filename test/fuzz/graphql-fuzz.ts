import fc from 'fast-check';
import { type IntrospectionQuery, getIntrospectionQuery } from 'graphql';
import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD } from '@platform/seed';
import { isSupportedVersion } from '@platform/versioning';
import { type GeneratedOperation, graphqlOperations } from '../support/graphql-operations.js';
import { UNTHROTTLED } from '../support/fuzz-settings.js';
import { deepJsonList, deepSelection, fragmentBomb, nestedConnections } from '../../libs/platform/graphql/testing/hostile-documents.js';
import { type KnownIdentifiers, hostileJson, hostileString, nestedJson } from '../support/hostile-values.js';
import { VERSION, adminQuery, storefrontQuery } from '../support/http.js';
import {
  type Answer,
  BODY_LIMIT_BYTES,
  MAX_BODY_NESTING,
  commonProblems,
  errorCodes,
  graphqlBodyProblems,
  hasDuplicateKey,
  jsonBody,
  jsonDepth,
  keyNestedTooDeeply,
  keyedErrorProblems,
  multipartProblems,
  preview,
  stringErrorProblems,
  timedInject,
} from '../support/spec-answers.js';
import { RowCounter } from '../support/row-counts.js';
import { type TestApp, type TestShop, createTestApp } from '../support/test-app.js';

// What both GraphQL fuzz suites share: the bodies they send, and what the spec says each answer must be.

export type GraphqlSurfaceName = 'storefront' | 'admin';

export const graphqlPath = (surface: GraphqlSurfaceName, version: string) => (surface === 'storefront' ? `/api/${version}/graphql.json` : `/admin/api/${version}/graphql.json`);

/** A request body as sent: its text (none for an empty request) and its Content-Type header (none when unset). */
export interface Payload {
  text?: string;
  contentType?: string;
}

// Content types clients send: the hosted client sends none, curl -d a form type; all are read as JSON.
const READ_AS_JSON = [undefined, 'application/json', 'application/json; charset=utf-8', 'text/plain', 'application/graphql', 'application/x-www-form-urlencoded'];
// Not a media type at all: 400 keyed by content_type.
const NOT_A_MEDIA_TYPE = ['', 'garbage'];

export function operationPayload(op: GeneratedOperation, contentType?: string): Payload {
  return { text: JSON.stringify(op), contentType };
}

export const contentTypes: fc.Arbitrary<string | undefined> = fc.oneof({ weight: 20, arbitrary: fc.constantFrom(...READ_AS_JSON) }, { weight: 1, arbitrary: fc.constantFrom(...NOT_A_MEDIA_TYPE) });

const QUERIES = ['{ shop { name } }', '{ __typename }', fragmentBomb(20), deepSelection(2_000), nestedConnections(4), '{', '', '   ', '# only a comment', 'query { shop { name } } query { shop { name } }'];

/** Bodies that are not GraphQL requests, or barely: not JSON, JSON of the wrong shape, wrong types, too deep, too large. */
export const rawPayloads: fc.Arbitrary<Payload> = fc
  .tuple(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      fc
        .record({ query: fc.oneof(fc.constantFrom(...QUERIES), hostileString, hostileJson), variables: hostileJson, operationName: hostileJson, extensions: hostileJson }, { requiredKeys: [] })
        .map((body) => JSON.stringify(body)),
      fc
        .record({ query: fc.constantFrom(...QUERIES), variables: fc.integer({ min: 1, max: 80 }).map((levels) => ({ v: nestedJson(levels) })) })
        .map((body) => JSON.stringify(body)),
      fc.constantFrom(
        '',
        ' ',
        'null',
        '[]',
        '{}',
        '"{ shop { name } }"',
        '{"query":null}',
        '{"query":1}',
        '{"query":["{ shop { name } }"]}',
        '{"query":{"query":"{ shop { name } }"}}',
        '{"query":"{ shop { name } }","variables":"{}"}',
        '{"query":"{ shop { name } }","variables":[]}',
        '{"query":"{ shop { name } }","operationName":1}',
        '{"query":"{ shop { name } }"',
        '{"query":"{ shop { name } }"}garbage',
        '{"query":"{ shop { name } }","query":1}',
        '{"query":"{ shop { name } }","variables":{"__proto__":{"x":1}}}',
        '{"query":"{ shop { name } }","variables":{"constructor":"\\ud800","hasOwnProperty":null}}',
        '{"query":"{ shop { name } }","\\u0071uery":"{ shop { id } }"}',
        '{"query":"query($n: Int) { shop { name } }","variables":{"n":1,"n":2}}',
        '{"query":"{ products(first: 1, query: \\"\\\\ud800\\") { nodes { id } } }"}',
        '{"query":"{ products(first: 1, query: \\"\\ud800\\") { nodes { id } } }"}',
        '\u0000',
        '{"query":"{ shop { name \u0000 } }"}',
        `{"query":"{ shop { name } }","variables":{"l":${deepJsonList(20_000)}}}`,
        `[${deepJsonList(100)}]`,
        `{"query":"${'{'.repeat(3_000)}"}`,
      ),
      // Just over the body limit.
      fc.constant(null).map(() => JSON.stringify({ query: '{ shop { name } }', variables: { big: 'z'.repeat(BODY_LIMIT_BYTES) } })),
    ),
    contentTypes,
  )
  .map(([text, contentType]) => ({ text, contentType }));

/** The 400 or 413 the transport answers before anything executes, or null when the body reaches execution. */
export function transportRefusal(payload: Payload): { status: number; key?: string; message?: string } | null {
  const text = payload.text === undefined ? '' : Buffer.from(payload.text, 'utf8').toString('utf8');
  // The Content-Type is looked at first, even for an empty body.
  if (payload.text !== undefined && payload.contentType !== undefined && NOT_A_MEDIA_TYPE.includes(payload.contentType)) {
    return { status: 400, key: 'content_type', message: 'Unsupported Media Type' };
  }
  if (text === '') return { status: 400, key: 'query', message: 'Required parameter missing or invalid' };
  if (Buffer.byteLength(text) > BODY_LIMIT_BYTES) return { status: 413 };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: a 400 keyed by a parameter (which one depends on where the text stops being JSON).
    return { status: 400 };
  }
  if (jsonDepth(body) > MAX_BODY_NESTING) return { status: 400, key: keyNestedTooDeeply(body) ?? 'variables', message: `is nested deeper than ${MAX_BODY_NESTING} levels` };
  const missing = { status: 400, message: 'Required parameter missing or invalid' };
  // A key given twice is answered as text that is not JSON.
  if (hasDuplicateKey(text)) return { ...missing, key: 'query' };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ...missing, key: 'query' };
  const { query, variables, operationName } = body as Record<string, unknown>;
  if (typeof query !== 'string' || query.trim() === '') return { ...missing, key: 'query' };
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) return { ...missing, key: 'variables' };
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return { ...missing, key: 'operationName' };
  return null;
}

/** Problems of an answer to a caller the pipeline lets through (valid credentials, active shop, POST). */
export function executedProblems(answer: Answer, payload: Payload, surface: GraphqlSurfaceName): string[] {
  const problems = commonProblems(answer);
  const refusal = transportRefusal(payload);
  if (refusal) {
    if (answer.status !== refusal.status) problems.push(`status ${answer.status}, expected ${refusal.status} (transport refusal)`);
    const body = jsonBody(answer, problems);
    if (refusal.status === 413) problems.push(...stringErrorProblems(body));
    else {
      problems.push(...keyedErrorProblems(body, 'string'));
      if (refusal.key && body?.errors?.[refusal.key] !== refusal.message) problems.push(`expected errors.${refusal.key} = ${JSON.stringify(refusal.message)}, got ${preview(body)}`);
    }
    return problems;
  }
  if (answer.status !== 200) problems.push(`status ${answer.status}, expected 200`);
  if (String(answer.headers['content-type']).startsWith('multipart/mixed')) {
    if (surface !== 'storefront') problems.push('a multipart answer outside the storefront');
    problems.push(...multipartProblems(answer.text));
    return problems;
  }
  const body = jsonBody(answer, problems);
  problems.push(...graphqlBodyProblems(body));
  const codes = errorCodes(body);
  if (surface === 'admin' && codes.length > 0 && codes.every((c) => c === 'ACCESS_DENIED') && !('data' in body)) problems.push('an admin token was denied');
  return problems;
}

/** ACCESS_DENIED, whatever the body: the pipeline answers before reading it. */
export function deniedProblems(answer: Answer): string[] {
  const problems = commonProblems(answer);
  if (answer.status !== 200) problems.push(`status ${answer.status}, expected 200`);
  const body = jsonBody(answer, problems);
  problems.push(...graphqlBodyProblems(body));
  if (body?.data !== undefined || body?.errors?.length !== 1 || errorCodes(body)[0] !== 'ACCESS_DENIED') problems.push(`expected one ACCESS_DENIED error and no data, got ${preview(body)}`);
  return problems;
}

/** Where the pipeline stops a request before credentials count, in its order: host, version, method, shop state. */
export type PipelineStop = { kind: 'unknown_host' } | { kind: 'unsupported_version' } | { kind: 'method'; method: string } | { kind: 'inactive'; status: 402 | 403 | 423 };

export function pipelineStopProblems(answer: Answer, stop: PipelineStop): string[] {
  const problems = commonProblems(answer);
  if (stop.kind === 'method' && stop.method === 'OPTIONS') {
    // CORS answers every OPTIONS request as a preflight, before the pipeline.
    if (answer.status !== 204 || answer.text !== '') problems.push(`OPTIONS answered ${answer.status} ${preview(answer.text)}, expected an empty 204`);
    return problems;
  }
  const expected = stop.kind === 'method' ? 405 : stop.kind === 'inactive' ? stop.status : 404;
  if (answer.status !== expected) problems.push(`status ${answer.status}, expected ${expected} (${stop.kind})`);
  if (stop.kind === 'method' && stop.method === 'HEAD') return problems;
  const body = jsonBody(answer, problems);
  if (stop.kind === 'inactive') {
    problems.push(...graphqlBodyProblems(body));
    if (body?.data !== undefined || errorCodes(body).join() !== 'SHOP_INACTIVE') problems.push(`expected one SHOP_INACTIVE error, got ${preview(body)}`);
  } else {
    problems.push(...stringErrorProblems(body));
  }
  if (stop.kind === 'method' && answer.headers.allow !== 'POST') problems.push(`Allow: ${answer.headers.allow}, expected POST`);
  return problems;
}

export interface PipelineCase {
  /** Where the pipeline stops it, or null when only the caller's credentials decide (they are refused). */
  stop: PipelineStop | null;
  host: string;
  version: string;
  method: string;
}

/** Requests the pipeline stops before reading their body, or that carry credentials it refuses. */
export function pipelineCases(hosts: { own: string; frozen: string; fraudulent: string; locked: string }): fc.Arbitrary<PipelineCase> {
  const base = { host: hosts.own, version: VERSION, method: 'POST' };
  return fc.oneof(
    fc
      .constantFrom('nope.myplatform.localhost', 'localhost', '[::1]', 'evil.example', `${hosts.own}.evil.example`, hosts.own.replace('myplatform', 'other'))
      .map((host) => ({ ...base, stop: { kind: 'unknown_host' as const }, host })),
    unsupportedVersions.map((version) => ({ ...base, stop: { kind: 'unsupported_version' as const }, version })),
    fc.constantFrom('GET', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS').map((method) => ({ ...base, stop: { kind: 'method' as const, method }, method })),
    fc
      .constantFrom(['frozen', 402] as const, ['fraudulent', 403] as const, ['locked', 423] as const)
      .map(([state, status]) => ({ ...base, stop: { kind: 'inactive' as const, status }, host: hosts[state] })),
    fc.constant({ ...base, stop: null }),
  );
}

/** Throws the problems with what was sent, so fast-check reports the input beside them. */
export function assertNoProblems(problems: string[], answer: Answer, sent: unknown): void {
  if (problems.length > 0) throw new Error(`${problems.join('\n')}\nanswer ${answer.status}: ${preview(answer.text, 1_000)}\nsent: ${preview(sent, 1_000)}`);
}

/** The schema of a surface as its most privileged caller introspects it. */
export async function introspect(t: TestApp, shop: TestShop, surface: GraphqlSurfaceName): Promise<IntrospectionQuery['__schema']> {
  const res =
    surface === 'storefront'
      ? await storefrontQuery(t.app, shop.host, getIntrospectionQuery(), { 'platform-storefront-private-token': shop.tokens.storefrontPrivateToken })
      : await adminQuery(t.app, shop.host, shop.tokens.adminAccessToken, getIntrospectionQuery());
  if (res.body?.errors) throw new Error(`introspection failed: ${res.text}`);
  return res.body.data.__schema;
}

// Ids, handles and cursors of every kind of list a shop has.
const IDENTIFIERS = `{
  shop { id }
  products(first: 4) { edges { cursor node { id handle variants(first: 2) { edges { cursor node { id } } } images(first: 1) { edges { cursor node { id } } } } } }
  byPrice: products(first: 2, sortKey: PRICE, reverse: true) { edges { cursor } }
  byTitle: products(first: 2, sortKey: TITLE) { edges { cursor } }
  collections(first: 3) { edges { cursor node { id handle products(first: 2) { edges { cursor } } } } }
  pages(first: 2) { edges { cursor node { id handle } } }
  articles(first: 2) { edges { cursor node { id handle } } }
  blogs(first: 2) { edges { cursor node { id handle } } }
  menu(handle: "main-menu") { id handle }
}`;

const LOG_IN = `mutation($input: CustomerAccessTokenCreateInput!) {
  customerAccessTokenCreate(input: $input) { customerAccessToken { accessToken } } }`;

/**
 * What the suites need to know of two shops to aim at real objects: `own`'s and `foreign`'s ids, handles and
 * cursors, and the seeded demo customer's access token and email in each (when the shop has customers).
 */
export async function knownIdentifiers(t: TestApp, own: TestShop, foreign: TestShop): Promise<KnownIdentifiers> {
  const logIn = async (shop: TestShop) => {
    const res = await storefrontQuery(t.app, shop.host, LOG_IN, { 'platform-storefront-private-token': shop.tokens.storefrontPrivateToken }, {
      variables: { input: { email: DEMO_CUSTOMER_EMAIL, password: DEMO_CUSTOMER_PASSWORD } },
    });
    const token: string | undefined = res.body?.data?.customerAccessTokenCreate?.customerAccessToken?.accessToken;
    return token ? [token] : [];
  };
  const read = async (shop: TestShop) => {
    const res = await storefrontQuery(t.app, shop.host, IDENTIFIERS, { 'platform-storefront-private-token': shop.tokens.storefrontPrivateToken });
    if (res.body?.errors) throw new Error(`reading identifiers failed: ${res.text}`);
    const all = (pattern: RegExp) => [...new Set([...res.text.matchAll(pattern)].map((m) => m[1]!))];
    return { ids: all(/"(gid:\/\/platform\/\w+\/\d+)"/g), handles: all(/"handle":"([^"]+)"/g), cursors: all(/"cursor":"([^"]+)"/g) };
  };
  const [mine, theirs] = [await read(own), await read(foreign)];
  const customerTokens = [...(await logIn(own)), ...(await logIn(foreign))];
  return {
    ownIds: mine.ids,
    foreignIds: theirs.ids,
    handles: [...mine.handles, ...theirs.handles],
    cursors: [...mine.cursors, ...theirs.cursors],
    customerTokens,
    emails: customerTokens.length > 0 ? [DEMO_CUSTOMER_EMAIL] : [],
  };
}

/** Versions requests go to: mostly the current one, sometimes the oldest (fewer features) or unstable (@defer). */
export const servedVersions: fc.Arbitrary<string> = fc.oneof({ weight: 6, arbitrary: fc.constant(VERSION) }, { weight: 1, arbitrary: fc.constantFrom('2022-01', '2024-04', 'unstable') });

/** Version strings no request may be served under. */
export const unsupportedVersions: fc.Arbitrary<string> = fc.oneof(
  // (`.`, `..` and `%2e%2e` are left out: the test client resolves them before the server sees the path.)
  fc.constantFrom('', '2021-10', '2022-02', '2027-01', 'latest', 'UNSTABLE', '2024-7', '%00', '2026-10%00', '%202026-10', '2026-10.json'),
  fc.stringMatching(/^[a-z0-9-]{1,12}$/).filter((v) => !isSupportedVersion(v)),
);

/** Who sends a request: a name for reports and the headers that make it that caller. */
export interface Caller {
  name: string;
  headers: Record<string, string>;
}

type SeedSizes = Parameters<TestApp['seedShop']>[1];

/** What a GraphQL fuzz suite runs against: an app, two seeded shops, inactive shops, the surface's schema. */
export interface FuzzTarget {
  t: TestApp;
  /** The shop under test, and another whose objects must stay out of its answers. */
  acme: TestShop;
  beta: TestShop;
  inactive: Record<'frozen' | 'fraudulent' | 'locked', TestShop>;
  schema: IntrospectionQuery['__schema'];
  known: KnownIdentifiers;
  /** Row counts of every table, to prove a refused mutation wrote nothing. */
  rows: RowCounter;
  /** Sends `payload` to the surface's endpoint as `caller`. */
  post(host: string, version: string, caller: Caller, payload: Payload, method?: string): Promise<Answer>;
  close(): Promise<void>;
}

export async function openFuzzTarget(surface: GraphqlSurfaceName, sizes: { acme: SeedSizes; beta: SeedSizes }): Promise<FuzzTarget> {
  const t = await createTestApp({}, UNTHROTTLED);
  const acme = await t.seedShop('acme', sizes.acme);
  const beta = await t.seedShop('beta', sizes.beta);
  const inactive = {} as FuzzTarget['inactive'];
  for (const state of ['frozen', 'fraudulent', 'locked'] as const) {
    inactive[state] = await t.createShop(state);
    await t.setShopState(state, state);
  }
  const schema = await introspect(t, acme, surface);
  // The storefront's lists give global ids of every kind the platform has, which the admin schema takes too.
  const known = await knownIdentifiers(t, acme, beta);
  const rows = await RowCounter.open(t.databaseUrl);
  return {
    t,
    acme,
    beta,
    inactive,
    schema,
    known,
    rows,
    post(host, version, caller, payload, method = 'POST') {
      const headers = { ...caller.headers, ...(payload.contentType !== undefined ? { 'content-type': payload.contentType } : {}) };
      return timedInject(t.app, { method, url: graphqlPath(surface, version), host, headers, payload: payload.text });
    },
    async close() {
      await rows.close();
      await t.close();
    },
  };
}

/**
 * The pipeline-stop property of both suites: unknown hosts, unsupported versions, other methods and inactive shops
 * are stopped before the body is read, whoever calls (`allowed` or a refused caller); every other request of a
 * refused caller answers ACCESS_DENIED.
 */
export function pipelineStopsProperty(on: FuzzTarget, allowed: Caller, denied: () => Caller[]) {
  const { acme, inactive, schema, known } = on;
  const cases = pipelineCases({ own: acme.host, frozen: inactive.frozen.host, fraudulent: inactive.fraudulent.host, locked: inactive.locked.host });
  const bodies = fc.oneof(rawPayloads, graphqlOperations(schema, known).map((op) => operationPayload(op)));
  return fc.asyncProperty(cases, bodies, fc.nat(), async (target, payload, pick) => {
    const refused = denied();
    const caller = target.stop && pick % 2 === 0 ? allowed : refused[pick % refused.length]!;
    const answer = await on.post(target.host, target.version, caller, payload, target.method);
    const problems = target.stop ? pipelineStopProblems(answer, target.stop) : deniedProblems(answer);
    assertNoProblems(problems, answer, { caller: caller.name, ...target, payload });
  });
}
