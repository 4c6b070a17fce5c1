import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD } from '@platform/seed';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { storefrontQuery } from '../../support/http.js';

type Gql = { data?: any; errors?: any };

// Every connection that pages hands out cursors that only it, walked by the same sort key, accepts: a cursor
// of another connection or sort key, or one whose values a client changed, answers "Invalid cursor"
// (BAD_USER_INPUT naming the argument) and never reaches Postgres.

interface Paged {
  name: string;
  /** A document whose connection takes `$first/$after` (and `$last/$before` unless `forwardOnly`). */
  document: string;
  connection: (data: any) => any;
  forwardOnly?: boolean;
  variables?: () => Record<string, unknown>;
}

const PAGE = 'edges { cursor } pageInfo { hasNextPage hasPreviousPage startCursor endCursor }';
const ARGS = 'first: $first, after: $after, last: $last, before: $before';
const VARS = '$first: Int, $after: String, $last: Int, $before: String';

// The values of a cursor, and a cursor with the same tag and other values (as a client could forge one).
const valuesOf = (cursor: string): unknown[] => JSON.parse(Buffer.from(cursor, 'base64url').toString());
const forged = (cursor: string, values: unknown[]) => Buffer.from(JSON.stringify([valuesOf(cursor)[0], ...values])).toString('base64url');
const otherType = (value: unknown) => (typeof value === 'number' ? 'abc' : typeof value === 'string' ? 12345 : 'x');

describe('cursors', () => {
  let t: TestApp;
  let shop: TestShop;
  let customerToken: string;
  const TOKEN = () => ({ 'x-platform-storefront-access-token': shop.tokens.storefrontAccessToken });
  const q = async (query: string, variables: Record<string, unknown> = {}): Promise<Gql> => (await storefrontQuery(t.app, shop.host, query, TOKEN(), { variables })).body;

  const byKey = (connection: string, sortEnum: string, key: string, path: (data: any) => any, wrap: (inner: string) => string = (i) => i, args = ''): Paged => ({
    name: `${connection} by ${key}${args ? ' with a query' : ''}`,
    document: `query(${VARS}, $sortKey: ${sortEnum}) { ${wrap(`${connection.split('.').pop()}(${ARGS}, sortKey: $sortKey${args}) { ${PAGE} }`)} }`,
    connection: path,
    variables: () => ({ sortKey: key }),
  });

  let connections: Paged[];

  beforeAll(async () => {
    const raised = { capacity: 1_000_000, leakPerSecond: 100_000 };
    t = await createTestApp({}, { storefront: raised, customerLogin: { perEmail: raised, perIp: raised } });
    // Seed 2 gives the demo customer three of the ten orders.
    shop = await t.seedShop('acme', { products: 30, customers: 10, orders: 10, seed: 2 });
    const login = await q('mutation($input: CustomerAccessTokenCreateInput!) { customerAccessTokenCreate(input: $input) { customerAccessToken { accessToken } } }', {
      input: { email: DEMO_CUSTOMER_EMAIL, password: DEMO_CUSTOMER_PASSWORD },
    });
    customerToken = login.data.customerAccessTokenCreate.customerAccessToken.accessToken;
    const customer = (inner: string) => `customer(customerAccessToken: $token) { ${inner} }`;
    const withToken = () => ({ token: customerToken });
    // The parents with the longest nested lists, and a word many products have.
    const found = await q(`{ products(first: 50) { nodes { handle title images(first: 5) { nodes { url } } sellingPlanGroups(first: 1) { nodes { name } } } }
        collections(first: 5) { nodes { handle products(first: 50) { nodes { id } } } } }`);
    expect(found.errors).toBeUndefined();
    const catalog = found.data;
    const most = <T>(list: T[], size: (item: T) => number) => [...list].sort((a, b) => size(b) - size(a))[0];
    const imaged = most(catalog.products.nodes, (p: any) => p.images.nodes.length).handle;
    const subscribed = catalog.products.nodes.find((p: any) => p.sellingPlanGroups.nodes.length > 0).handle;
    const filled = most(catalog.collections.nodes, (c: any) => c.products.nodes.length).handle;
    const words = catalog.products.nodes.flatMap((p: any) => p.title.toLowerCase().split(/[^a-z]+/).filter((w: string) => w.length > 3));
    const word = most([...new Set<string>(words)], (w) => words.filter((x: string) => x === w).length);
    const product = (handle: string, inner: string) => `product(handle: "${handle}") { ${inner} }`;

    connections = [
      ...['ID', 'TITLE', 'PRICE', 'CREATED_AT', 'UPDATED_AT', 'VENDOR', 'RELEVANCE'].map((key) => byKey('products', 'ProductSortKeys', key, (d) => d.products)),
      byKey('products', 'ProductSortKeys', 'RELEVANCE', (d) => d.products, undefined, `, query: "${word}"`),
      ...['TITLE', 'UPDATED_AT'].map((key) => byKey('collections', 'CollectionSortKeys', key, (d) => d.collections)),
      ...['PRICE', 'CREATED', 'COLLECTION_DEFAULT'].map((key) =>
        byKey('collection.products', 'ProductCollectionSortKeys', key, (d) => d.collection.products, (i) => `collection(handle: "${filled}") { ${i} }`),
      ),
      { name: 'product.variants', document: `query(${VARS}) { ${product(imaged, `variants(${ARGS}) { ${PAGE} }`)} }`, connection: (d) => d.product.variants },
      { name: 'product.images', document: `query(${VARS}) { ${product(imaged, `images(${ARGS}) { ${PAGE} }`)} }`, connection: (d) => d.product.images },
      { name: 'product.collections', document: `query(${VARS}) { ${product(subscribed, `collections(${ARGS}) { ${PAGE} }`)} }`, connection: (d) => d.product.collections },
      ...['TITLE', 'UPDATED_AT'].map((key) => byKey('pages', 'PageSortKeys', key, (d) => d.pages)),
      byKey('blogs', 'BlogSortKeys', 'HANDLE', (d) => d.blogs),
      ...['PUBLISHED_AT', 'AUTHOR'].map((key) => byKey('articles', 'ArticleSortKeys', key, (d) => d.articles)),
      byKey('blog.articles', 'ArticleSortKeys', 'TITLE', (d) => d.blogs.nodes[0].articles, (i) => `blogs(first: 1) { nodes { ${i} } }`),
      {
        name: 'metaobjects by updated_at',
        document: `query(${VARS}) { metaobjects(type: "designer", sortKey: "updated_at", ${ARGS}) { ${PAGE} } }`,
        connection: (d) => d.metaobjects,
      },
      ...['RELEVANCE', 'PRICE'].map((key) => ({
        name: `search by ${key}`,
        document: `query(${VARS}, $sortKey: SearchSortKeys) { search(query: "${word}", sortKey: $sortKey, ${ARGS}) { ${PAGE} } }`,
        connection: (d: any) => d.search,
        variables: () => ({ sortKey: key }),
      })),
      { name: 'productTags', document: `query($first: Int!, $after: String) { productTags(first: $first, after: $after) { ${PAGE} } }`, connection: (d) => d.productTags, forwardOnly: true },
      {
        name: 'product.sellingPlanGroups',
        document: `query(${VARS}) { ${product(subscribed, `sellingPlanGroups(${ARGS}) { ${PAGE} }`)} }`,
        connection: (d) => d.product.sellingPlanGroups,
      },
      {
        name: 'sellingPlanGroup.sellingPlans',
        document: `query(${VARS}) { ${product(subscribed, `sellingPlanGroups(first: 1) { nodes { sellingPlans(${ARGS}) { ${PAGE} } } }`)} }`,
        connection: (d) => d.product.sellingPlanGroups.nodes[0].sellingPlans,
      },
      ...['PROCESSED_AT', 'TOTAL_PRICE', 'ID'].map((key) => ({
        name: `customer.orders by ${key}`,
        document: `query(${VARS}, $token: String!, $sortKey: OrderSortKeys) { ${customer(`orders(${ARGS}, sortKey: $sortKey) { ${PAGE} }`)} }`,
        connection: (d: any) => d.customer.orders,
        variables: () => ({ ...withToken(), sortKey: key }),
      })),
      {
        name: 'customer.addresses',
        document: `query(${VARS}, $token: String!) { ${customer(`addresses(${ARGS}) { ${PAGE} }`)} }`,
        connection: (d) => d.customer.addresses,
        variables: withToken,
      },
      {
        name: 'order.lineItems',
        document: `query(${VARS}, $token: String!) { ${customer(`orders(first: 1) { nodes { lineItems(${ARGS}) { ${PAGE} } } }`)} }`,
        connection: (d) => d.customer.orders.nodes[0].lineItems,
        variables: withToken,
      },
    ];
  });
  afterAll(() => t.close());

  const run = async (c: Paged, page: Record<string, unknown>) => q(c.document, { ...c.variables?.(), ...page });
  const firstPage = async (c: Paged) => {
    const res = await run(c, { first: 1 });
    expect({ name: c.name, errors: res.errors }).toEqual({ name: c.name, errors: undefined });
    return c.connection(res.data);
  };
  const expectInvalid = (c: Paged, res: Gql, argument: 'after' | 'before') => {
    expect({ name: c.name, data: res.errors?.[0] }).toEqual({
      name: c.name,
      data: expect.objectContaining({ message: `Invalid cursor for ${argument}`, extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', argument }) }),
    });
  };

  it('gives every connection cursors that page on from where they were taken', async () => {
    for (const c of connections) {
      const first = await firstPage(c);
      expect({ name: c.name, cursor: first.edges[0]?.cursor }).toEqual({ name: c.name, cursor: expect.stringMatching(/^[A-Za-z0-9_-]+$/) });
      const res = await run(c, { first: 1, after: first.pageInfo.endCursor });
      expect({ name: c.name, errors: res.errors }).toEqual({ name: c.name, errors: undefined });
      const next = c.connection(res.data);
      expect({ name: c.name, repeated: next.edges.some((e: any) => e.cursor === first.edges[0].cursor) }).toEqual({ name: c.name, repeated: false });
      expect({ name: c.name, hasPreviousPage: next.pageInfo.hasPreviousPage }).toEqual({ name: c.name, hasPreviousPage: true });
    }
  });

  it("refuses every other connection's and sort key's cursors", async () => {
    const cursors = new Map<string, string>();
    for (const c of connections) cursors.set(c.name, (await firstPage(c)).pageInfo.endCursor);
    for (const c of connections) {
      for (const [name, cursor] of cursors) {
        if (name === c.name) continue;
        expectInvalid(c, await run(c, { first: 1, after: cursor }), 'after');
      }
    }
  });

  // Regression: a string where PRICE or CREATED_AT expects a number or a date reached Postgres (INTERNAL_SERVER_ERROR).
  it('refuses a cursor whose values were changed to another type, or added or removed', async () => {
    for (const c of connections) {
      const cursor = (await firstPage(c)).pageInfo.endCursor as string;
      const values = valuesOf(cursor).slice(1);
      const tampered = [
        ...values.map((_v, i) => values.map((v, j) => (i === j ? otherType(v) : v))),
        [...values, 1],
        values.slice(1),
        values.map(() => null),
      ];
      for (const bad of tampered) expectInvalid(c, await run(c, { first: 1, after: forged(cursor, bad) }), 'after');
      if (!c.forwardOnly) expectInvalid(c, await run(c, { last: 1, before: forged(cursor, values.map(otherType)) }), 'before');
    }
  });

  it.each([
    ['a PRICE cursor holding a word', 'PRICE', (v: unknown[]) => ['cheap', v[1]]],
    ['a PRICE cursor holding a number in exponent form', 'PRICE', (v: unknown[]) => ['1e400', v[1]]],
    ['a CREATED_AT cursor holding a word', 'CREATED_AT', (v: unknown[]) => ['yesterday', v[1]]],
    ['a CREATED_AT cursor holding an impossible date', 'CREATED_AT', (v: unknown[]) => ['2024-02-30 00:00:00+00', v[1]]],
    ['a TITLE cursor holding a NUL', 'TITLE', (v: unknown[]) => ['a\u0000b', v[1]]],
    ['a TITLE cursor holding 5,000 characters', 'TITLE', (v: unknown[]) => ['x'.repeat(5000), v[1]]],
    ['an ID cursor holding an id beyond 2^53', 'ID', () => [2 ** 60]],
  ])('refuses %s', async (_name, sortKey, change) => {
    const c = connections.find((p) => p.name === `products by ${sortKey}`)!;
    const cursor = (await firstPage(c)).pageInfo.endCursor as string;
    expectInvalid(c, await run(c, { first: 1, after: forged(cursor, change(valuesOf(cursor).slice(1))) }), 'after');
  });

  it('refuses cursors in the old format, garbage and oversized cursors', async () => {
    const c = connections.find((p) => p.name === 'products by PRICE')!;
    for (const cursor of [Buffer.from(JSON.stringify(['abc', 1])).toString('base64url'), 'zzz', '%%%', 'A'.repeat(40_000), Buffer.from('[').toString('base64url')]) {
      expectInvalid(c, await run(c, { first: 1, after: cursor }), 'after');
    }
  });

  // Regression: a product's sellingPlanGroups ignored `after`, so the second page repeated the first.
  it("pages a product's selling plan groups and a group's plans from their cursors", async () => {
    const groups = connections.find((p) => p.name === 'product.sellingPlanGroups')!;
    const first = await firstPage(groups);
    expect(first.pageInfo.hasNextPage).toBe(false);
    const after = groups.connection((await run(groups, { first: 1, after: first.pageInfo.endCursor })).data);
    expect(after.edges).toEqual([]);
    const plans = connections.find((p) => p.name === 'sellingPlanGroup.sellingPlans')!;
    const all = plans.connection((await run(plans, { first: 10 })).data).edges.map((e: any) => e.cursor);
    expect(all.length).toBe(3);
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = plans.connection((await run(plans, { first: 1, after: cursor })).data);
      walked.push(...page.edges.map((e: any) => e.cursor));
      cursor = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (cursor);
    expect(walked).toEqual(all);
    const last = plans.connection((await run(plans, { last: 2, before: all[2] })).data);
    expect(last.edges.map((e: any) => e.cursor)).toEqual(all.slice(0, 2));
  });
});
