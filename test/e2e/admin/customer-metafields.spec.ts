import pg from 'pg';
import { AuthService } from '@platform/auth';
import { createCustomer } from '@platform/customers/testing';
import { MetafieldsService } from '@platform/metafields';
import { type RequestContext, SystemContexts } from '@platform/request';
import { sqlDuring } from '../../support/sql.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { VERSION, adminQuery, send } from '../../support/http.js';

type Gql = { status: number; data?: any; errors?: any; extensions?: any };

const FIELDS = 'id namespace key value type description ownerType jsonValue createdAt updatedAt';

const PAGE = `query($id: ID!, $first: Int, $after: String, $last: Int, $before: String, $reverse: Boolean, $namespace: String, $keys: [String!]) {
  customer(id: $id) { metafields(first: $first, after: $after, last: $last, before: $before, reverse: $reverse, namespace: $namespace, keys: $keys) {
    edges { cursor node { namespace key } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }`;

const ONE = 'query($id: ID!, $namespace: String, $key: String!) { customer(id: $id) { metafield(namespace: $namespace, key: $key) { namespace key value } } }';

// A value of every kind jsonValue reads differently.
const TYPED = [
  { namespace: 'loyalty', key: 'tier', type: 'single_line_text_field', value: 'gold' },
  { namespace: 'loyalty', key: 'points', type: 'number_integer', value: '1200' },
  { namespace: 'loyalty', key: 'rate', type: 'number_decimal', value: '0.125' },
  { namespace: 'prefs', key: 'newsletter', type: 'boolean', value: 'false' },
  { namespace: 'prefs', key: 'sizes', type: 'json', value: '{"shirt":"M","shoe":42}' },
  { namespace: 'prefs', key: 'colors', type: 'list.single_line_text_field', value: '["red","blue"]' },
];

// `Customer.metafields` and `Customer.metafield` on the admin API: the hosted fields, paging both ways, the
// namespace and keys filters, the app's reserved namespace, another shop's rows, bad arguments, the Metafield
// node and its scope, cost by page size and statements per level.
describe('admin GraphQL customers: metafields', () => {
  let t: TestApp;
  let acme: TestShop;
  let globex: TestShop;
  let db: pg.Client;
  /** Acme's customer with metafields (made over REST, then more through the service). */
  let rich: number;
  let bare: number;
  let theirs: number;

  const ctxOf = (target: TestShop): RequestContext => t.app.get(SystemContexts).forShop(target.shop);
  const rows = async <T = any>(sql: string, params: unknown[] = []): Promise<T[]> => (await db.query(sql, params)).rows as T[];
  const gid = (id: number | string) => `gid://platform/Customer/${id}`;
  const gqlAs = async (token: string, target: TestShop, query: string, variables: Record<string, unknown> = {}): Promise<Gql> => {
    const res = await adminQuery(t.app, target.host, token, query, { variables });
    return { status: res.status, ...res.body };
  };
  const gql = (query: string, variables: Record<string, unknown> = {}) => gqlAs(acme.tokens.adminAccessToken, acme, query, variables);
  const set = (target: TestShop, customerId: number, metafields: { namespace: string; key: string; type: string; value: string; description?: string | null }[]) =>
    t.app.get(MetafieldsService).setMetafields(ctxOf(target), 'CUSTOMER', customerId, metafields);

  beforeAll(async () => {
    t = await createTestApp({}, { adminGraphql: { capacity: 1e9, leakPerSecond: 1e9 }, rest: { capacity: 1e5, leakPerSecond: 1e4 } });
    acme = await t.createShop('acme');
    globex = await t.createShop('globex');
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();

    const created = await send(t.app, {
      method: 'POST',
      url: `/admin/api/${VERSION}/customers.json`,
      host: acme.host,
      headers: { 'x-platform-access-token': acme.tokens.adminAccessToken },
      body: {
        customer: {
          email: 'metafields@example.com',
          first_name: 'Meta',
          metafields: [
            { namespace: 'custom', key: 'a1', type: 'single_line_text_field', value: 'one' },
            { namespace: 'custom', key: 'a2', type: 'single_line_text_field', value: 'two' },
          ],
        },
      },
    });
    expect(created.status).toBe(201);
    rich = created.body.customer.id;
    await set(acme, rich, [
      { namespace: 'custom', key: 'a3', type: 'single_line_text_field', value: 'three', description: 'The third' },
      ...TYPED,
      { namespace: `app--${acme.tokens.appId}`, key: 'secret', type: 'single_line_text_field', value: 'mine' },
    ]);
    bare = (await createCustomer(ctxOf(acme))).id;
    theirs = (await createCustomer(ctxOf(globex))).id;
    await set(globex, theirs, [{ namespace: 'loyalty', key: 'tier', type: 'single_line_text_field', value: 'globex tier' }]);
    // A row of globex's that names acme's customer id as its owner: scoped by shop, acme never sees it.
    await db.query(`insert into metafields (shop_id, owner_type, owner_id, namespace, key, type, value) values ($1, 'CUSTOMER', $2, 'custom', 'leak', 'single_line_text_field', 'globex secret')`, [
      globex.shop.id,
      rich,
    ]);
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  it('answers the hosted fields of each metafield, in the order they were created', async () => {
    const res = await gql(`query($id: ID!) { customer(id: $id) { metafields(first: 50) { nodes { ${FIELDS} } } } }`, { id: gid(rich) });
    expect(res.errors).toBeUndefined();
    const stored = await rows(`select id::int, namespace, key, value, type, description, created_at, updated_at from metafields
      where shop_id = $1 and owner_type = 'CUSTOMER' and owner_id = $2 order by id`, [acme.shop.id, rich]);
    expect(stored).toHaveLength(3 + TYPED.length + 1);
    expect(res.data.customer.metafields.nodes).toEqual(
      stored.map((m) => ({
        id: `gid://platform/Metafield/${m.id}`,
        namespace: m.namespace,
        key: m.key,
        value: m.value,
        type: m.type,
        description: m.description,
        ownerType: 'CUSTOMER',
        jsonValue: expect.anything(),
        createdAt: m.created_at.toISOString(),
        updatedAt: m.updated_at.toISOString(),
      })),
    );
    const json = Object.fromEntries(res.data.customer.metafields.nodes.map((m: any) => [`${m.namespace}.${m.key}`, m.jsonValue]));
    expect(json).toMatchObject({
      'custom.a1': 'one',
      'loyalty.tier': 'gold',
      'loyalty.points': 1200,
      'loyalty.rate': '0.125',
      'prefs.newsletter': false,
      'prefs.sizes': { shirt: 'M', shoe: 42 },
      'prefs.colors': ['red', 'blue'],
    });
    expect(res.data.customer.metafields.nodes.find((m: any) => m.key === 'a3').description).toBe('The third');
  });

  it('answers an empty connection for a customer without metafields', async () => {
    const res = await gql(PAGE, { id: gid(bare), first: 5 });
    expect(res.data.customer.metafields).toEqual({ edges: [], pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null } });
  });

  /** Every `namespace.key` of a walk over the whole list, page by page, following cursors. */
  async function walk(variables: Record<string, unknown>, size: number, direction: 'forward' | 'backward'): Promise<string[]> {
    const keys: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 50; i++) {
      const res: Gql = await gql(PAGE, { id: gid(rich), ...variables, ...(direction === 'forward' ? { first: size, after: cursor } : { last: size, before: cursor }) });
      expect(res.errors).toBeUndefined();
      const { edges, pageInfo } = res.data.customer.metafields;
      expect(edges.length).toBeLessThanOrEqual(size);
      const page = edges.map((e: any) => `${e.node.namespace}.${e.node.key}`);
      if (direction === 'forward') keys.push(...page);
      else keys.unshift(...page);
      if (cursor !== null) expect(direction === 'forward' ? pageInfo.hasPreviousPage : pageInfo.hasNextPage).toBe(true);
      if (!(direction === 'forward' ? pageInfo.hasNextPage : pageInfo.hasPreviousPage)) return keys;
      cursor = direction === 'forward' ? pageInfo.endCursor : pageInfo.startCursor;
    }
    throw new Error('the walk did not end');
  }

  it('pages forward and backward with cursors, and reversed', async () => {
    const all = (await rows(`select namespace || '.' || key as k from metafields where shop_id = $1 and owner_type = 'CUSTOMER' and owner_id = $2 order by id`, [acme.shop.id, rich])).map(
      (r) => r.k,
    );
    expect(await walk({}, 3, 'forward')).toEqual(all);
    expect(await walk({}, 4, 'backward')).toEqual(all);
    expect(await walk({ reverse: true }, 2, 'forward')).toEqual([...all].reverse());
    const first = await gql(PAGE, { id: gid(rich), first: 2 });
    expect(first.data.customer.metafields.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
  });

  it('narrows to a namespace, or to keys given as namespace.key', async () => {
    expect(await walk({ namespace: 'loyalty' }, 2, 'forward')).toEqual(['loyalty.tier', 'loyalty.points', 'loyalty.rate']);
    expect(await walk({ namespace: 'nothing-here' }, 2, 'forward')).toEqual([]);
    expect(await walk({ keys: ['prefs.sizes', 'custom.a2', 'no-dot', 'custom.missing', 'loyalty.tier.extra'] }, 5, 'forward')).toEqual(['custom.a2', 'prefs.sizes']);
    expect(await walk({ namespace: 'custom', keys: ['prefs.sizes', 'custom.a2'] }, 5, 'forward')).toEqual(['custom.a2']);
    expect(await walk({ keys: [] }, 5, 'forward')).toEqual([]);
  });

  it('finds one metafield by namespace and key; an omitted namespace is the app\'s reserved one', async () => {
    expect((await gql(ONE, { id: gid(rich), namespace: 'loyalty', key: 'points' })).data.customer.metafield).toEqual({ namespace: 'loyalty', key: 'points', value: '1200' });
    expect((await gql(ONE, { id: gid(rich), namespace: 'loyalty', key: 'missing' })).data.customer.metafield).toBeNull();
    expect((await gql(ONE, { id: gid(bare), namespace: 'loyalty', key: 'tier' })).data.customer.metafield).toBeNull();
    expect((await gql(ONE, { id: gid(rich), key: 'secret' })).data.customer.metafield).toEqual({ namespace: `app--${acme.tokens.appId}`, key: 'secret', value: 'mine' });
    const otherApp = (await t.app.get(AuthService).installApp(acme.shop.id, 'another app', 'read_customers')).adminAccessToken;
    expect((await gqlAs(otherApp, acme, ONE, { id: gid(rich), key: 'secret' })).data.customer.metafield).toBeNull();
  });

  it("never shows another shop's metafields, even a row naming this shop's customer id", async () => {
    const mine = await gql(`query($id: ID!) { customer(id: $id) { metafields(first: 250) { nodes { key value } } leak: metafield(namespace: "custom", key: "leak") { value } } }`, {
      id: gid(rich),
    });
    expect(JSON.stringify(mine.data)).not.toContain('globex');
    expect(mine.data.customer.leak).toBeNull();
    // Globex's token naming acme's customer gets nothing; its own customer shows only its own value.
    const foreign = await gqlAs(globex.tokens.adminAccessToken, globex, `query($id: ID!) { customer(id: $id) { metafields(first: 5) { nodes { value } } } }`, { id: gid(rich) });
    expect(foreign.data).toEqual({ customer: null });
    const own = await gqlAs(globex.tokens.adminAccessToken, globex, `query($id: ID!) { customer(id: $id) { metafields(first: 5) { nodes { value } } metafield(namespace: "loyalty", key: "tier") { value } } }`, {
      id: gid(theirs),
    });
    expect(own.data.customer).toEqual({ metafields: { nodes: [{ value: 'globex tier' }] }, metafield: { value: 'globex tier' } });
    const [leak] = await rows(`select id::int from metafields where shop_id = $1 and key = 'leak'`, [globex.shop.id]);
    expect((await gql('query($id: ID!) { node(id: $id) { id } }', { id: `gid://platform/Metafield/${leak.id}` })).data).toEqual({ node: null });
  });

  it("is a node that asks its owner's read scope", async () => {
    const [m] = await rows(`select id::int from metafields where shop_id = $1 and owner_id = $2 and key = 'tier'`, [acme.shop.id, rich]);
    const id = `gid://platform/Metafield/${m.id}`;
    const q = 'query($id: ID!) { node(id: $id) { __typename id ... on Metafield { key value ownerType } } nodes(ids: [$id]) { id } }';
    expect((await gql(q, { id })).data).toEqual({ node: { __typename: 'Metafield', id, key: 'tier', value: 'gold', ownerType: 'CUSTOMER' }, nodes: [{ id }] });
    const productsOnly = (await t.app.get(AuthService).installApp(acme.shop.id, 'products app', 'read_products')).adminAccessToken;
    const denied = await gqlAs(productsOnly, acme, q, { id });
    expect(denied.data.node).toBeNull();
    expect(denied.errors[0].extensions).toMatchObject({ code: 'ACCESS_DENIED' });
    expect((await gql(q, { id: 'gid://platform/Metafield/999999999' })).data).toEqual({ node: null, nodes: [null] });
  });

  it('refuses bad paging arguments and hostile filters with errors, never a 500', async () => {
    const customersCursor = (await gql('{ customers(first: 1) { pageInfo { endCursor } } }')).data.customers.pageInfo.endCursor;
    const cases: Record<string, unknown>[] = [
      { first: 251 },
      { first: -1 },
      {},
      { first: 1, last: 1 },
      { first: 2, after: customersCursor },
      { first: 2, after: 'not a cursor' },
      { last: 2, after: 'x' },
      { first: 2, namespace: 'nul\u0000byte' },
      { first: 2, keys: Array.from({ length: 251 }, (_, i) => `a.k${i}`) },
    ];
    for (const variables of cases) {
      const res = await gql(PAGE, { id: gid(rich), ...variables });
      expect({ variables, status: res.status, code: res.errors?.[0]?.extensions?.code }).toEqual({ variables, status: 200, code: expect.stringMatching(/^(BAD_USER_INPUT|MAX_INPUT_SIZE_EXCEEDED)$/) });
    }
    const huge = await gql(PAGE, { id: gid(rich), first: 2, namespace: 'n'.repeat(20_000), keys: ['x'.repeat(10_000)] });
    expect(huge.errors).toBeUndefined();
    expect(huge.data.customer.metafields.edges).toEqual([]);
    const missingKey = await gql('query($id: ID!) { customer(id: $id) { metafield(namespace: "custom") { value } } }', { id: gid(rich) });
    expect(missingKey.status).toBe(200);
    expect(missingKey.errors?.length).toBeGreaterThan(0);
  });

  describe('cost and statements', () => {
    beforeAll(async () => {
      // Fifty more customers with metafields, so a page of 50 has 50 owners to read for.
      for (let i = 0; i < 50; i++) {
        const { id } = await createCustomer(ctxOf(acme));
        await set(acme, id, [
          { namespace: 'loyalty', key: 'tier', type: 'single_line_text_field', value: `tier ${i}` },
          ...Array.from({ length: 6 }, (_, n) => ({ namespace: 'custom', key: `f${n}`, type: 'number_integer', value: String(n) })),
        ]);
      }
    });

    it('prices metafields by page size with the one cost model', async () => {
      const res = await gql('{ customers(first: 10) { nodes { metafields(first: 5) { nodes { id } } metafield(namespace: "loyalty", key: "tier") { value } } } }');
      expect(res.errors).toBeUndefined();
      // customers: 2 + 10 × (nodes 1 + metafields (2 + 5 × (nodes 1)) + metafield 1).
      expect(res.extensions.cost.requestedQueryCost).toBe(2 + 10 * (1 + 7 + 1));
      const wider = await gql('{ customers(first: 10) { nodes { metafields(first: 25) { nodes { id } } } } }');
      expect(wider.extensions.cost.requestedQueryCost).toBe(2 + 10 * (1 + 2 + 25));
    });

    it('runs the same statements for customers(first: 1) and (first: 50), each with metafields(first: 5)', async () => {
      const listing = (first: number) => `{ customers(first: ${first}) { nodes { id metafields(first: 5, namespace: "custom") { nodes { key jsonValue } pageInfo { hasNextPage } }
        all: metafields(first: 5) { nodes { id } } metafield(namespace: "loyalty", key: "tier") { value } } } }`;
      await gql(listing(1));
      const count = async (first: number) => {
        const { result, statements } = await sqlDuring(() => gql(listing(first)));
        expect(result.errors).toBeUndefined();
        return { statements: statements.filter((sql) => /metafields/.test(sql)).length, customers: result.data.customers.nodes };
      };
      const one = await count(1);
      const fifty = await count(50);
      expect(fifty.customers).toHaveLength(50);
      expect(one.customers).toHaveLength(1);
      // One statement per metafields field of the level (two pages: by namespace and all) and one for metafield.
      expect(fifty.statements).toBe(one.statements);
      expect(fifty.statements).toBe(3);
      const withMany = fifty.customers.filter((c: any) => c.metafields.nodes.length === 5);
      expect(withMany.length).toBeGreaterThan(40);
      expect(withMany.every((c: any) => c.metafields.pageInfo.hasNextPage && c.all.nodes.length === 5)).toBe(true);
    });
  });
});
