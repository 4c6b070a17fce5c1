import { buildSchema } from 'graphql';
import { expandScopes } from '@platform/auth';
import { GraphqlExecutor, complexityLimitHook, inputLimitsHook } from '@platform/graphql';
import { createLogger } from '@platform/logging';
import type { RequestContext } from '@platform/request';
import { ManualClock } from '@platform/clock';
import { AdminCostHook, type LimitOverrides, MemoryBucketStore, ThrottleService } from '@platform/throttling';

// The cost hooks over the real executor and a real in-memory bucket, on a schema that has connections
// (the admin catalog arrives with its own issue; the engine is proven here).
const schema = buildSchema(`
  type Item { id: ID! name: String! }
  type ItemEdge { cursor: String! node: Item! }
  type PageInfo { hasNextPage: Boolean! }
  type ItemConnection { edges: [ItemEdge!]! pageInfo: PageInfo! }
  type Query { items(first: Int!, ids: [ID!]): ItemConnection! }
`);

const ITEMS = [{ id: '1', name: 'a' }, { id: '2', name: 'b' }, { id: '3', name: 'c' }];
Object.assign(schema.getQueryType()!.getFields().items, {
  resolve: (_: unknown, args: { first: number }) => ({
    edges: ITEMS.slice(0, args.first).map((node) => ({ cursor: node.id, node })),
    pageInfo: { hasNextPage: args.first < ITEMS.length },
  }),
});

function context(kind: 'admin' | 'tokenless' = 'admin'): RequestContext {
  return {
    requestId: 'r',
    surface: kind === 'admin' ? 'admin_graphql' : 'storefront',
    version: '2026-10',
    shop: { id: 1, handle: 'acme', name: 'Acme', domain: 'acme.test', plan: 'standard', state: 'active', currency: 'USD', enabledCountries: [], enabledLanguages: [] },
    caller: kind === 'admin' ? { kind: 'admin', appId: 7, tokenId: 1, scopes: expandScopes([]) } : { kind: 'tokenless', scopes: expandScopes([]) },
    buyerIp: '203.0.113.1',
    origin: 'http://acme.test',
    em: undefined as never,
  };
}

// The bucket's time is a clock the tests move: nothing leaks between two requests unless a test says so.
const clock = new ManualClock();

function adminExecutor(limits: LimitOverrides) {
  const throttle = new ThrottleService(new MemoryBucketStore({ sweepIntervalMs: 0, clock }), limits, createLogger('silent'), clock);
  return new GraphqlExecutor(schema, [inputLimitsHook, new AdminCostHook(throttle)], () => undefined);
}

describe('admin GraphQL cost and its bucket', () => {
  it('reports requested and actual cost and refunds the difference', async () => {
    const executor = adminExecutor({ adminGraphql: { capacity: 1000, leakPerSecond: 0.0001 } });
    const res = await executor.run(context(), { query: '{ items(first: 50) { edges { node { id } } } }' }, {});
    expect(res.body.data).toBeDefined();
    // Requested 2 + 50 × 1; three items came back: 2 + 3.
    expect(res.body.extensions).toEqual({
      cost: { requestedQueryCost: 52, actualQueryCost: 5, throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 995, restoreRate: 0.0001 } },
    });
  });

  it('refuses with THROTTLED (nothing executed) when the bucket cannot hold the requested cost', async () => {
    const executor = adminExecutor({ adminGraphql: { capacity: 60, leakPerSecond: 0.0001 } });
    const query = { query: '{ items(first: 50) { edges { node { id } } } }' };
    expect((await executor.run(context(), query, {})).body.data).toBeDefined(); // 60 − 5 = 55 left
    const second = await executor.run(context(), query, {}); // wants 52 of 55: fits
    expect(second.body.data).toBeDefined();
    const third = await executor.run(context(), query, {}); // 50 left < 52
    expect(third.status).toBe(200);
    expect(third.body.data).toBeUndefined();
    expect(third.body.errors).toEqual([{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: expect.any(String) } }]);
    expect(third.body.extensions).toMatchObject({ cost: { requestedQueryCost: 52, actualQueryCost: null, throttleStatus: { currentlyAvailable: 50 } } });
  });

  it('restores at the stated rate', async () => {
    const executor = adminExecutor({ adminGraphql: { capacity: 10, leakPerSecond: 20 } });
    const query = { query: '{ items(first: 8) { edges { node { id } } } }' }; // requested 10, actual 5
    const first = await executor.run(context(), query, {});
    expect(first.body.extensions).toMatchObject({ cost: { throttleStatus: { currentlyAvailable: 5 } } });
    clock.advance(300); // 20/s × 0.3 s = 6 points back: 10 available again (the capacity)
    const again = await executor.run(context(), query, {});
    expect(again.body.data).toBeDefined();
    expect(again.body.extensions).toMatchObject({ cost: { throttleStatus: { currentlyAvailable: 5 } } });
  });

  it('refuses a query over the single-query maximum with MAX_COST_EXCEEDED before execution', async () => {
    const executor = adminExecutor({});
    const res = await executor.run(context(), { query: '{ items(first: 999) { edges { node { id } } } }' }, {});
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toEqual([
      {
        message: 'Query cost is 1001, which exceeds the single query max cost limit (1000).',
        extensions: { code: 'MAX_COST_EXCEEDED', cost: 1001, maxCost: 1000, documentation: expect.any(String) },
      },
    ]);
  });

  it('lists per-field costs when X-GraphQL-Cost-Include-Fields is true', async () => {
    const executor = adminExecutor({});
    const res = await executor.run(context(), { query: '{ items(first: 2) { edges { node { id } } } }' }, { 'x-graphql-cost-include-fields': 'true' });
    const cost = (res.body.extensions as { cost: { fields: unknown[] } }).cost;
    expect(cost.fields[0]).toEqual({ path: ['items'], definedCost: 2, requestedTotalCost: 4, requestedChildrenCost: 1 });
  });

  it('refuses a list argument of 251 items, naming the argument', async () => {
    const executor = adminExecutor({});
    const ids = Array.from({ length: 251 }, (_, i) => String(i));
    const viaVariable = await executor.run(context(), { query: 'query($ids: [ID!]) { items(first: 1, ids: $ids) { pageInfo { hasNextPage } } }', variables: { ids } }, {});
    expect(viaVariable.body.errors).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/251 .* maximum allowed of 250 \(ids\)/), extensions: expect.objectContaining({ code: 'MAX_INPUT_SIZE_EXCEEDED', argument: 'ids' }) }),
    ]);
    const literal = `{ items(first: 1, ids: [${ids.map((i) => `"${i}"`).join(',')}]) { pageInfo { hasNextPage } } }`;
    expect((await executor.run(context(), { query: literal }, {})).body.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'MAX_INPUT_SIZE_EXCEEDED' }) })]);
    const ok = await executor.run(context(), { query: 'query($ids: [ID!]) { items(first: 1, ids: $ids) { pageInfo { hasNextPage } } }', variables: { ids: ids.slice(0, 250) } }, {});
    expect(ok.body.errors).toBeUndefined();
  });
});

describe('tokenless complexity limit', () => {
  const executor = new GraphqlExecutor(schema, [complexityLimitHook()], () => undefined);

  it('runs a query of complexity 1,000 and refuses 1,001 with cost and maxCost', async () => {
    const under = await executor.run(context('tokenless'), { query: '{ items(first: 998) { edges { node { id } } } }' }, {});
    expect(under.body.data).toBeDefined();
    const over = await executor.run(context('tokenless'), { query: '{ items(first: 999) { edges { node { id } } } }' }, {});
    expect(over.body).toEqual({
      errors: [{ message: 'Query has complexity of 1001, which exceeds max complexity of 1000', extensions: { code: 'MAX_COMPLEXITY_EXCEEDED', cost: 1001, maxCost: 1000 } }],
    });
  });

  it('caps requests with a token at their own, higher limit', async () => {
    const tokenCtx = { ...context('tokenless'), caller: { kind: 'storefront_public' as const, appId: 1, tokenId: 1, scopes: expandScopes([]) } };
    const res = await executor.run(tokenCtx, { query: '{ items(first: 999) { edges { node { id } } } }' }, {});
    expect(res.body.data).toBeDefined();
    const capped = new GraphqlExecutor(schema, [complexityLimitHook({ tokenless: 1000, withToken: 1500 })], () => undefined);
    const over = await capped.run(tokenCtx, { query: '{ a: items(first: 999) { edges { node { id } } } b: items(first: 999) { edges { node { id } } } }' }, {});
    expect(over.body).toEqual({
      errors: [{ message: 'Query has complexity of 2002, which exceeds max complexity of 1500', extensions: { code: 'MAX_COMPLEXITY_EXCEEDED', cost: 2002, maxCost: 1500 } }],
    });
  });
});
