import { createSellingPlanGroup } from '@platform/catalog/testing';
import { SystemContexts } from '@platform/request';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { storefrontQuery } from '../../support/http.js';
import { sqlDuring } from '../../support/sql.js';

type Gql = { data?: any; errors?: any };

// Regression: a product's sellingPlanGroups ignored `after` (a second page repeated the first), and groups
// decoded their own cursors without answering "Invalid cursor" for one they never gave out.

const PAGE = 'edges { cursor node { name sellingPlans(first: 10) { nodes { name } } } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor }';

describe('storefront selling plan groups', () => {
  let t: TestApp;
  let shop: TestShop;
  let handles: string[];
  const TOKEN = () => ({ 'x-platform-storefront-access-token': shop.tokens.storefrontAccessToken });
  const q = async (query: string, variables: Record<string, unknown> = {}): Promise<Gql> => (await storefrontQuery(t.app, shop.host, query, TOKEN(), { variables })).body;
  const groupsOf = async (handle: string, args: string, variables: Record<string, unknown> = {}) => {
    const declared = ['after', 'before'].filter((v) => args.includes(`$${v}`)).map((v) => `$${v}: String`);
    const res = await q(`query${declared.length ? `(${declared.join(', ')})` : ''} { product(handle: "${handle}") { sellingPlanGroups(${args}) { ${PAGE} } } }`, variables);
    return { res, page: res.data?.product?.sellingPlanGroups };
  };
  const names = (page: any) => page.edges.map((e: any) => e.node.name);
  const expectInvalid = (res: Gql, argument: string) =>
    expect(res.errors?.[0]).toEqual(expect.objectContaining({ message: `Invalid cursor for ${argument}`, extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', argument }) }));

  beforeAll(async () => {
    t = await createTestApp();
    shop = await t.seedShop('acme', { products: 12 });
    const found = await q('{ products(first: 50) { nodes { id handle sellingPlanGroups(first: 5) { nodes { name } } } } }');
    const offered = found.data.products.nodes.filter((p: any) => p.sellingPlanGroups.nodes.length === 0).slice(0, 2);
    expect(offered).toHaveLength(2);
    handles = offered.map((p: any) => p.handle);
    const productIds = offered.map((p: any) => Number(p.id.split('/').pop()));
    // Three groups on two products without any, in id order.
    const plan = (name: string) => ({ name, options: [name], deliveryPolicy: { interval: 'MONTH' as const, intervalCount: 1 } });
    const ctx = t.app.get(SystemContexts).forShop(shop.shop);
    await createSellingPlanGroup(ctx, { name: 'Subscribe and save', options: ['Delivery every'], sellingPlans: [plan('1 week'), plan('2 weeks')], productIds });
    await createSellingPlanGroup(ctx, { name: 'Pre-order', options: ['Ships'], sellingPlans: [plan('In May'), plan('In June')], productIds });
    await createSellingPlanGroup(ctx, { name: 'Gift a year', options: ['Length'], sellingPlans: [plan('12 months')], productIds });
  });
  afterAll(() => t.close());

  it('continues from `after`: every page differs from the one before and together they make the whole list', async () => {
    const { page: all } = await groupsOf(handles[0], 'first: 10');
    expect(names(all)).toEqual(['Subscribe and save', 'Pre-order', 'Gift a year']);
    const walked: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 3; i++) {
      const { res, page } = await groupsOf(handles[0], 'first: 1, after: $after', { after });
      expect(res.errors).toBeUndefined();
      expect(page.pageInfo).toMatchObject({ hasNextPage: i < 2, hasPreviousPage: i > 0 });
      walked.push(...names(page));
      after = page.pageInfo.endCursor;
    }
    expect(walked).toEqual(names(all));
    const { page: end } = await groupsOf(handles[0], 'first: 1, after: $after', { after });
    expect(end.edges).toEqual([]);
  });

  it('pages backward from `before`, and pages each product of a list from its own cursor', async () => {
    const { page: all } = await groupsOf(handles[0], 'first: 10');
    const { page: last } = await groupsOf(handles[0], 'last: 2, before: $before', { before: all.edges[2].cursor });
    expect(names(last)).toEqual(['Subscribe and save', 'Pre-order']);
    expect(last.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    // Every product of a list pages from the same cursor: the second page of each is its own, read in one
    // statement for the groups of all of them and one for their plans.
    const { result: listed, statements } = await sqlDuring(() =>
      q(`query($after: String) { products(first: 50) { nodes { handle sellingPlanGroups(first: 2, after: $after) { ${PAGE} } } } }`, { after: all.edges[0].cursor }),
    );
    expect(listed.errors).toBeUndefined();
    expect(statements.filter((text) => text.includes('selling_plan'))).toHaveLength(2);
    const groupsOfHandle = (handle: string) => listed.data.products.nodes.find((p: any) => p.handle === handle).sellingPlanGroups;
    expect(names(groupsOfHandle(handles[0]))).toEqual(['Pre-order', 'Gift a year']);
    expect(names(groupsOfHandle(handles[1]))).toEqual(['Pre-order', 'Gift a year']);
    expect(groupsOfHandle(handles[0]).edges[0].node.sellingPlans.nodes.map((p: any) => p.name)).toEqual(['In May', 'In June']);
  });

  it('refuses a tampered cursor and a cursor of another connection as Invalid cursor', async () => {
    const { page } = await groupsOf(handles[0], 'first: 1');
    const [tag, id] = JSON.parse(Buffer.from(page.pageInfo.endCursor, 'base64url').toString());
    const forged = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
    for (const cursor of [forged([tag, 'abc']), forged([tag, id, 1]), forged(['other', id]), 'garbage!']) {
      expectInvalid((await groupsOf(handles[0], 'first: 1, after: $after', { after: cursor })).res, 'after');
    }
    expectInvalid((await groupsOf(handles[0], 'last: 1, before: $before', { before: forged([tag, 'abc']) })).res, 'before');
    const products = await q('{ products(first: 1) { pageInfo { endCursor } } }');
    expectInvalid((await groupsOf(handles[0], 'first: 1, after: $after', { after: products.data.products.pageInfo.endCursor })).res, 'after');
    // A group's plans cursor is not a group cursor, and the other way round.
    const plans = await q(`{ product(handle: "${handles[0]}") { sellingPlanGroups(first: 1) { nodes { sellingPlans(first: 1) { pageInfo { endCursor } } } } } }`);
    const planCursor = plans.data.product.sellingPlanGroups.nodes[0].sellingPlans.pageInfo.endCursor;
    expectInvalid((await groupsOf(handles[0], 'first: 1, after: $after', { after: planCursor })).res, 'after');
    const res = await q(`query($after: String) { product(handle: "${handles[0]}") { sellingPlanGroups(first: 1) { nodes { sellingPlans(first: 1, after: $after) { nodes { name } } } } } }`, {
      after: page.pageInfo.endCursor,
    });
    expectInvalid(res, 'after');
  });
});
