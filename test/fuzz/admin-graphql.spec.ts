import fc from 'fast-check';
import { fuzzSettings } from '../support/fuzz-settings.js';
import { graphqlOperations } from '../support/graphql-operations.js';
import type { KnownIdentifiers } from '../support/hostile-values.js';
import { VERSION } from '../support/http.js';
import { type RowCounter, changedCounts } from '../support/row-counts.js';
import { preview, timedInject } from '../support/spec-answers.js';
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

// Admin GraphQL under generated input: operations built from the admin schema and garbage bodies with an
// admin token, and every kind of refused caller (no token, wrong, empty, another shop's, a storefront token)
// and pipeline stop. Each answer is one the spec allows, within the time bound; an executed answer reports
// its cost; a mutation refused as a whole wrote nothing. `npm run fuzz` runs many more cases.

const fuzz = fuzzSettings(150);

describe('admin GraphQL fuzz', () => {
  let target: FuzzTarget;
  let t: TestApp;
  let acme: TestShop;
  let beta: TestShop;
  let schema: FuzzTarget['schema'];
  let known: KnownIdentifiers;
  let rows: RowCounter;

  beforeAll(async () => {
    target = await openFuzzTarget('admin', { acme: { products: 6, customers: 3, orders: 3, seed: 5 }, beta: { products: 3, seed: 6 } });
    ({ t, acme, beta, schema, known, rows } = target);
  }, 120_000);
  afterAll(async () => {
    await target?.close();
  });

  const admin = (): Caller => ({ name: 'admin token', headers: { 'x-platform-access-token': acme.tokens.adminAccessToken } });

  /** Callers refused with ACCESS_DENIED before the body is read. */
  const deniedCallers = (): Caller[] => [
    { name: 'no token', headers: {} },
    { name: 'wrong token', headers: { 'x-platform-access-token': `platat_${'0'.repeat(32)}` } },
    { name: 'empty token', headers: { 'x-platform-access-token': '' } },
    { name: 'blank token', headers: { 'x-platform-access-token': ' \t ' } },
    { name: "another shop's admin token", headers: { 'x-platform-access-token': beta.tokens.adminAccessToken } },
    { name: 'public storefront token', headers: { 'x-platform-access-token': acme.tokens.storefrontAccessToken } },
    { name: 'private storefront token', headers: { 'x-platform-access-token': acme.tokens.storefrontPrivateToken } },
    { name: 'storefront token headers only', headers: { 'x-platform-storefront-access-token': acme.tokens.storefrontAccessToken } },
    { name: 'token of 10,000 characters', headers: { 'x-platform-access-token': 'a'.repeat(10_000) } },
  ];

  // Executed answers report their cost; a mutation answered without `data` wrote nothing.
  async function sendChecked(version: string, payload: Payload, mutation: boolean, costHeader: boolean): Promise<void> {
    const before = mutation ? await rows.counts() : undefined;
    const caller = admin();
    if (costHeader) caller.headers['x-graphql-cost-include-fields'] = 'true';
    const answer = await target.post(acme.host, version, caller, payload);
    const problems = executedProblems(answer, payload, 'admin');
    const executed = /"data":/.test(answer.text);
    if (executed) {
      const cost = JSON.parse(answer.text).extensions?.cost;
      const numbers = cost && typeof cost.requestedQueryCost === 'number' && typeof cost.actualQueryCost === 'number' && typeof cost.throttleStatus?.currentlyAvailable === 'number';
      if (!numbers) problems.push(`an executed answer without extensions.cost: ${preview(cost)}`);
      if (costHeader && !Array.isArray(cost?.fields)) problems.push('X-GraphQL-Cost-Include-Fields: true without cost.fields');
    }
    if (before && !executed) problems.push(...changedCounts(before, await rows.counts()).map((change) => `a refused mutation wrote ${change}`));
    assertNoProblems(problems, answer, { caller: caller.name, version, payload });
  }

  const operationsBudget = fuzz.budget(1_000);
  it(
    'answers operations generated from the schema as the spec says',
    async () => {
      await fc.assert(
        fc.asyncProperty(graphqlOperations(schema, known), servedVersions, contentTypes, fc.boolean(), async (op, version, contentType, costHeader) => {
          await sendChecked(version, operationPayload(op, contentType), /^\s*mutation\b/.test(op.query), costHeader);
        }),
        operationsBudget.parameters,
      );
    },
    operationsBudget.timeout,
  );

  const rawBudget = fuzz.budget(1_000);
  it(
    'answers bodies that are not GraphQL requests with the transport error the spec gives',
    async () => {
      await fc.assert(
        fc.asyncProperty(rawPayloads, async (payload) => {
          await sendChecked(VERSION, payload, false, false);
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
      await fc.assert(pipelineStopsProperty(target, admin(), deniedCallers), stopsBudget.parameters);
    },
    stopsBudget.timeout,
  );

  // Inputs the properties found, kept as examples so they stay fixed whatever the seed.
  describe('regressions found by fuzzing', () => {
    it('answers an empty version segment (POST /admin/api//graphql.json) with 404 naming the supported versions, not a 500', async () => {
      const answer = await target.post(acme.host, '', admin(), { text: JSON.stringify({ query: '{ shop { name } }' }) });
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.text)).toEqual({ errors: expect.stringMatching(/^API version '' is not supported\. Supported versions: 2022-01, /) });
    });

    it('runs the pipeline on a path Fastify decodes to the endpoint (graphql%2Ejson): no token is refused, not a 500', async () => {
      const answer = await timedInject(t.app, { method: 'POST', url: `/admin/api/${VERSION}/graphql%2Ejson`, host: acme.host, payload: '{"query":"{ shop { name } }"}' });
      expect({ status: answer.status, code: JSON.parse(answer.text).errors?.[0]?.extensions?.code }).toEqual({ status: 200, code: 'ACCESS_DENIED' });
    });
  });
});
