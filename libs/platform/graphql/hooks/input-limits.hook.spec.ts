import { buildSchema } from 'graphql';
import { expandScopes } from '@platform/auth';
import type { RequestContext } from '@platform/request';
import { GraphqlExecutor } from '../graphql-executor.js';
import { inputLimitsHook } from './input-limits.hook.js';

// Lists over 250 items are refused before anything executes, wherever the list comes from.
const schema = buildSchema(`
  type Query { count(ids: [ID!]): Int! }
  type Mutation { tag(ids: [ID!]!): Int! }
`);
const calls: string[] = [];
Object.assign(schema.getQueryType()!.getFields().count!, { resolve: (_: unknown, { ids }: { ids?: string[] }) => (calls.push('count'), ids?.length ?? 0) });
Object.assign(schema.getMutationType()!.getFields().tag!, { resolve: (_: unknown, { ids }: { ids: string[] }) => (calls.push('tag'), ids.length) });

const ctx = {
  requestId: 'r',
  surface: 'admin_graphql',
  version: '2026-10',
  caller: { kind: 'admin', appId: 1, tokenId: 1, scopes: expandScopes([]) },
} as unknown as RequestContext;
const executor = new GraphqlExecutor(schema, [inputLimitsHook], () => undefined);
const list = (n: number) => `[${Array.from({ length: n }, (_, i) => `"${i}"`).join(', ')}]`;

describe('input limits hook', () => {
  beforeEach(() => calls.splice(0));

  it.each([
    ['a literal', `{ count(ids: ${list(251)}) }`, {}],
    ['a variable', 'query ($ids: [ID!]) { count(ids: $ids) }', { ids: Array.from({ length: 251 }, String) }],
    // Found by the admin fuzz suite: a default of 251 items reached the resolver.
    ["a variable's default", `query ($ids: [ID!] = ${list(251)}) { count(ids: $ids) }`, {}],
    ["a mutation variable's default", `mutation ($ids: [ID!]! = ${list(251)}) { tag(ids: $ids) }`, {}],
  ])('refuses a list over 250 items in %s before executing', async (_where, query, variables) => {
    const res = await executor.run(ctx, { query, variables }, {});
    expect(res.body).toEqual({ errors: [{ message: expect.stringMatching(/^The input array size of 251 is greater than the maximum allowed of 250 \(ids\)/), extensions: expect.objectContaining({ code: 'MAX_INPUT_SIZE_EXCEEDED' }) }] });
    expect(calls).toEqual([]);
  });

  // Found by the hostile probe: a lone surrogate in a cart attribute reached a jsonb column (INTERNAL_SERVER_ERROR).
  it.each([
    ['a variable', 'query ($ids: [ID!]) { count(ids: $ids) }', { ids: ['1', 'x\ud800'] }, 'ids[1]'],
    ['a variable the operation does not use', '{ count }', { x: { y: ['\udc00'] } }, '$x.y[0]'],
  ])('refuses ill-formed text in %s before executing, naming where', async (_where, query, variables, path) => {
    const res = await executor.run(ctx, { query, variables }, {});
    expect(res.body).toEqual({ errors: [{ message: `${path} must not contain ill-formed text (a lone UTF-16 surrogate).`, extensions: { code: 'BAD_USER_INPUT', argument: path } }] });
    expect(calls).toEqual([]);
  });

  it('lets a default of 250 items through, and a sent variable replaces the default', async () => {
    expect((await executor.run(ctx, { query: `query ($ids: [ID!] = ${list(250)}) { count(ids: $ids) }` }, {})).body).toEqual({ data: { count: 250 } });
    expect((await executor.run(ctx, { query: `query ($ids: [ID!] = ${list(251)}) { count(ids: $ids) }`, variables: { ids: ['1'] } }, {})).body).toEqual({ data: { count: 1 } });
  });
});
