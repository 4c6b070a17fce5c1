import fc from 'fast-check';
import { fuzzSettings } from '../support/fuzz-settings.js';
import { graphqlOperations } from '../support/graphql-operations.js';
import type { KnownIdentifiers } from '../support/hostile-values.js';
import { VERSION } from '../support/http.js';
import { type RowCounter, changedCounts } from '../support/row-counts.js';
import { timedInject } from '../support/spec-answers.js';
import type { TestApp, TestShop } from '../support/test-app.js';
import {
  type Caller,
  type FuzzTarget,
  type Payload,
  assertNoProblems,
  contentTypes,
  executedProblems,
  openFuzzTarget,
  operationPayload,
  pipelineStopsProperty,
  rawPayloads,
  servedVersions,
} from './graphql-fuzz.js';

// Storefront GraphQL under generated input: operations built from the schema, garbage bodies, and every
// kind of caller (tokenless, public token, private token with a buyer IP; wrong, empty, foreign and doubled
// tokens; unknown hosts, unsupported versions, other methods, inactive shops). Each answer is one the spec
// allows for that caller, within the time bound, and a mutation refused as a whole wrote nothing.
// `npm run fuzz` runs the same properties with many more cases (test/support/fuzz-settings.ts).

const fuzz = fuzzSettings(100);

const BUYER_IPS = ['203.0.113.9', '2001:db8::1', 'not-an-ip', '', '999.1.1.1', '::ffff:127.0.0.1', '198.51.100.1, 198.51.100.2'];

describe('storefront GraphQL fuzz', () => {
  let target: FuzzTarget;
  let t: TestApp;
  let acme: TestShop;
  let beta: TestShop;
  let schema: FuzzTarget['schema'];
  let known: KnownIdentifiers;
  let rows: RowCounter;

  beforeAll(async () => {
    target = await openFuzzTarget('storefront', { acme: { products: 8, customers: 4, orders: 4, seed: 3 }, beta: { products: 3, customers: 2, seed: 4 } });
    ({ t, acme, beta, schema, known, rows } = target);
  }, 120_000);
  afterAll(async () => {
    await target?.close();
  });

  /** The callers the pipeline lets through: tokenless, public token, private token with a buyer IP. */
  const callers = (buyerIp: string): Caller[] => [
    { name: 'tokenless', headers: {} },
    { name: 'public token', headers: { 'x-platform-storefront-access-token': acme.tokens.storefrontAccessToken } },
    { name: 'private token', headers: { 'platform-storefront-private-token': acme.tokens.storefrontPrivateToken, 'platform-storefront-buyer-ip': buyerIp } },
  ];

  /** Callers refused with ACCESS_DENIED before the body is read. */
  const deniedCallers = (): Caller[] => [
    { name: 'wrong public token', headers: { 'x-platform-storefront-access-token': 'f'.repeat(32) } },
    { name: 'empty public token', headers: { 'x-platform-storefront-access-token': '' } },
    { name: 'blank private token', headers: { 'platform-storefront-private-token': '   ' } },
    { name: "another shop's public token", headers: { 'x-platform-storefront-access-token': beta.tokens.storefrontAccessToken } },
    { name: "another shop's private token", headers: { 'platform-storefront-private-token': beta.tokens.storefrontPrivateToken } },
    { name: 'admin token as a public token', headers: { 'x-platform-storefront-access-token': acme.tokens.adminAccessToken } },
    { name: 'public token as a private token', headers: { 'platform-storefront-private-token': acme.tokens.storefrontAccessToken } },
    { name: 'token of 10,000 characters', headers: { 'x-platform-storefront-access-token': 'a'.repeat(10_000) } },
    {
      name: 'both storefront tokens',
      headers: { 'x-platform-storefront-access-token': acme.tokens.storefrontAccessToken, 'platform-storefront-private-token': acme.tokens.storefrontPrivateToken },
    },
  ];

  // A mutation answered without `data` was refused before it ran: it must have written nothing.
  async function sendChecked(caller: Caller, version: string, payload: Payload, mutation: boolean): Promise<void> {
    const before = mutation ? await rows.counts() : undefined;
    const answer = await target.post(acme.host, version, caller, payload);
    const problems = executedProblems(answer, payload, 'storefront');
    if (before && !answer.text.startsWith('--') && !/"data":/.test(answer.text)) {
      problems.push(...changedCounts(before, await rows.counts()).map((change) => `a refused mutation wrote ${change}`));
    }
    assertNoProblems(problems, answer, { caller: caller.name, version, payload });
  }

  it("aims at real objects: both shops' ids, handles, cursors and logged-in customers", () => {
    expect(known.ownIds.length).toBeGreaterThan(10);
    expect(known.foreignIds.length).toBeGreaterThan(10);
    expect(known.cursors.length).toBeGreaterThan(10);
    expect(known.handles.length).toBeGreaterThan(5);
    expect(known.customerTokens).toHaveLength(2);
  });

  const operationsBudget = fuzz.budget(3_000);
  it(
    'answers operations generated from the schema as the spec says, tokenless and with each token',
    async () => {
      await fc.assert(
        fc.asyncProperty(graphqlOperations(schema, known), servedVersions, contentTypes, fc.constantFrom(...BUYER_IPS), async (op, version, contentType, ip) => {
          const mutation = /^\s*mutation\b/.test(op.query);
          for (const caller of callers(ip)) await sendChecked(caller, version, operationPayload(op, contentType), mutation);
        }),
        operationsBudget.parameters,
      );
    },
    operationsBudget.timeout,
  );

  const rawBudget = fuzz.budget(3_000);
  it(
    'answers bodies that are not GraphQL requests with the transport error the spec gives',
    async () => {
      await fc.assert(
        fc.asyncProperty(rawPayloads, fc.constantFrom(...BUYER_IPS), async (payload, ip) => {
          for (const caller of callers(ip)) await sendChecked(caller, VERSION, payload, false);
        }),
        rawBudget.parameters,
      );
    },
    rawBudget.timeout,
  );

  const stopsBudget = fuzz.budget(1_000);
  it(
    'stops unknown hosts, unsupported versions, other methods, inactive shops and bad credentials before reading the body',
    async () => {
      await fc.assert(pipelineStopsProperty(target, { name: 'tokenless', headers: {} }, deniedCallers), stopsBudget.parameters);
    },
    stopsBudget.timeout,
  );

  // Inputs the properties above found, kept as examples so they stay fixed whatever the seed.
  describe('regressions found by fuzzing', () => {
    const tokenless: Caller = { name: 'tokenless', headers: {} };
    const shopName: Payload = { text: JSON.stringify({ query: '{ shop { name } }' }) };

    it('answers an empty version segment (POST /api//graphql.json) with 404 naming the supported versions, not a 500', async () => {
      const answer = await target.post(acme.host, '', tokenless, shopName);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.text)).toEqual({ errors: expect.stringMatching(/^API version '' is not supported\. Supported versions: 2022-01, /) });
    });

    it('runs the pipeline on a path Fastify decodes to the endpoint (graphql%2Ejson): a wrong token is refused, not a 500', async () => {
      const url = `/api/${VERSION}/graphql%2Ejson`;
      const wrong = await timedInject(t.app, { method: 'POST', url, host: acme.host, headers: deniedCallers()[0]!.headers, payload: shopName.text });
      expect({ status: wrong.status, body: JSON.parse(wrong.text) }).toEqual({ status: 200, body: { errors: [{ message: expect.any(String), extensions: { code: 'ACCESS_DENIED' } }] } });
      const served = await timedInject(t.app, { method: 'POST', url: `/api/2026%2D10/graphq%6C.json`, host: acme.host, payload: shopName.text });
      expect({ status: served.status, text: served.text, version: served.headers['x-platform-api-version'] }).toEqual({ status: 200, text: '{"data":{"shop":{"name":"Acme"}}}', version: VERSION });
    });

    it('answers a path whose escapes do not decode (/api/%/graphql.json) with 404 in the API shape', async () => {
      const answer = await timedInject(t.app, { method: 'POST', url: '/api/%/graphql.json', host: acme.host, payload: shopName.text });
      expect({ status: answer.status, body: JSON.parse(answer.text), id: typeof answer.headers['x-request-id'] }).toEqual({ status: 404, body: { errors: 'Not Found' }, id: 'string' });
    });

    it("costs a page size taken from a variable's default like a literal one: a tokenless 250 × 250 listing is refused", async () => {
      const query = 'query ($n: Int = 250) { products(first: $n) { nodes { variants(first: $n) { nodes { id } } } } }';
      const answer = await target.post(acme.host, VERSION, tokenless, { text: JSON.stringify({ query }) });
      expect(JSON.parse(answer.text)).toEqual({ errors: [{ message: expect.stringMatching(/^Query has complexity of \d+, which exceeds max complexity of 1000$/), extensions: expect.objectContaining({ code: 'MAX_COMPLEXITY_EXCEEDED' }) }] });
    });

    it("applies @inContext arguments taken from a variable's default", async () => {
      const query = 'query ($c: CountryCode = CA) @inContext(country: $c) { products(first: 1) { nodes { priceRange { minVariantPrice { currencyCode } } } } }';
      const answer = await target.post(acme.host, VERSION, tokenless, { text: JSON.stringify({ query }) });
      expect(JSON.parse(answer.text)).toEqual({ data: { products: { nodes: [{ priceRange: { minVariantPrice: { currencyCode: 'CAD' } } }] } } });
    });

    it('answers a repeated operation whose non-null variable has a default the same every time (graphql-jit ignored the default)', async () => {
      const payload: Payload = { text: JSON.stringify({ query: 'query ($v: String! = "planter") { predictiveSearch(query: $v) { queries { text } } }' }) };
      const answers = [];
      for (let run = 0; run < 3; run++) answers.push((await target.post(acme.host, VERSION, tokenless, payload)).text);
      expect(JSON.parse(answers[0]!)).toEqual({ data: { predictiveSearch: { queries: expect.any(Array) } } });
      expect(answers).toEqual([answers[0], answers[0], answers[0]]);
    });
  });
});
