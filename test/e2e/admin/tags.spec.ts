import fc from 'fast-check';
import pg from 'pg';
import { AuthService } from '@platform/auth';
import { createCustomer } from '@platform/customers/testing';
import { MAX_TAGS } from '@platform/errors';
import { createOrder } from '@platform/orders/testing';
import { SystemContexts } from '@platform/request';
import { tagsAfter, tagsAfterSql } from '@platform/tags';
import { fuzzSettings } from '../../support/fuzz-settings.js';
import { hostileString } from '../../support/hostile-values.js';
import { adminQuery } from '../../support/http.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';

type Gql = { status: number; data?: any; errors?: any };

const ERRORS = 'userErrors { field message code }';
const NODE = 'node { __typename id ... on Order { name tags updatedAt } ... on Customer { tags } }';
const ADD = `mutation($id: ID!, $tags: [String!]!) { tagsAdd(id: $id, tags: $tags) { ${NODE} ${ERRORS} } }`;
const REMOVE = `mutation($id: ID!, $tags: [String!]!) { tagsRemove(id: $id, tags: $tags) { ${NODE} ${ERRORS} } }`;

const gid = (type: string, id: number | string) => `gid://platform/${type}/${id}`;
const notFound = (message: string) => ({ field: ['id'], message, code: 'NOT_FOUND' });

// tagsAdd and tagsRemove are the platform's, for every type a context registers in the TaggableRegistry: here on
// orders (the customers' cases stay in customer-mutations.spec.ts), with the tag rules, ids of no taggable type,
// another shop's order, the scope of the id's type, the node view, concurrent changes and hostile variables.
describe('admin GraphQL tags: tagsAdd and tagsRemove', () => {
  let t: TestApp;
  let shop: TestShop;
  let other: TestShop;
  let db: pg.Client;

  beforeAll(async () => {
    const raised = { capacity: 1e9, leakPerSecond: 1e9 };
    t = await createTestApp({}, { adminGraphql: raised });
    shop = await t.createShop('acme');
    other = await t.createShop('other');
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const gqlAs = async (target: TestShop, token: string, query: string, variables: Record<string, unknown>): Promise<Gql> => {
    const res = await adminQuery(t.app, target.host, token, query, { variables });
    return { status: res.status, ...res.body };
  };
  const gql = (query: string, variables: Record<string, unknown>) => gqlAs(shop, shop.tokens.adminAccessToken, query, variables);
  const rows = async <T = any>(sql: string, params: unknown[] = []): Promise<T[]> => (await db.query(sql, params)).rows as T[];
  const newOrder = async (target: TestShop = shop) => (await createOrder(t.app.get(SystemContexts).forShop(target.shop))).id;
  const stored = async (orderId: number) => (await rows<{ tags: string[]; updated_at: Date }>('select tags, updated_at from orders where id = $1', [orderId]))[0]!;
  /** Every order's and customer's tags and times, to show a refused change wrote nothing. */
  const snapshot = async () => JSON.stringify(await rows('select id, tags, updated_at from orders union all select id, tags, updated_at from customers order by 1'));
  /** The payload of a change that must be refused with userErrors, after checking it wrote nothing. */
  const refused = async (query: string, variables: Record<string, unknown>) => {
    const before = await snapshot();
    const res = await gql(query, variables);
    expect(res.errors).toBeUndefined();
    const payload = Object.values(res.data)[0] as any;
    expect(payload.node).toBeNull();
    expect(payload.userErrors.length).toBeGreaterThan(0);
    expect(await snapshot()).toBe(before);
    return payload.userErrors;
  };

  describe('on an order', () => {
    it('adds tags and answers the order as its node, with updated_at moved', async () => {
      const id = await newOrder();
      const before = await stored(id);
      const res = await gql(ADD, { id: gid('Order', id), tags: ['vip', 'Wholesale'] });
      expect(res.errors).toBeUndefined();
      const { name } = (await rows<{ name: string }>('select name from orders where id = $1', [id]))[0]!;
      expect(res.data.tagsAdd).toEqual({
        node: { __typename: 'Order', id: gid('Order', id), name, tags: ['vip', 'Wholesale'], updatedAt: expect.any(String) },
        userErrors: [],
      });
      const after = await stored(id);
      expect(after.tags).toEqual(['vip', 'Wholesale']);
      expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
      expect(new Date(res.data.tagsAdd.node.updatedAt).getTime()).toBe(after.updated_at.getTime());
    });

    it('reads one comma-separated string as a list, trims, and keeps one of each (the first spelling)', async () => {
      const id = await newOrder();
      expect((await gql(ADD, { id: gid('Order', id), tags: ' vip, wholesale ,VIP,, ' })).data.tagsAdd.node.tags).toEqual(['vip', 'wholesale']);
      expect((await gql(ADD, { id: gid('Order', id), tags: ['Wholesale, gift', 'VIP'] })).data.tagsAdd.node.tags).toEqual(['vip', 'wholesale', 'gift']);
      expect((await stored(id)).tags).toEqual(['vip', 'wholesale', 'gift']);
    });

    it('removes tags case-insensitively, ignoring ones it does not have', async () => {
      const id = await newOrder();
      await gql(ADD, { id: gid('Order', id), tags: ['vip', 'wholesale', 'gift'] });
      const res = await gql(REMOVE, { id: gid('Order', id), tags: ['VIP, missing', ' Gift '] });
      expect(res.data.tagsRemove).toEqual({ node: expect.objectContaining({ id: gid('Order', id), tags: ['wholesale'] }), userErrors: [] });
      expect((await stored(id)).tags).toEqual(['wholesale']);
    });

    it('keeps 250 tags and refuses a 251st, given at once or added to the order\'s own', async () => {
      const id = await newOrder();
      const many = Array.from({ length: MAX_TAGS + 1 }, (_, i) => `tag-${i}`);
      const tooMany = { field: ['tags'], message: `Tags cannot be more than ${MAX_TAGS}`, code: 'INVALID' };
      expect(await refused(ADD, { id: gid('Order', id), tags: many.join(', ') })).toEqual([tooMany]);
      expect((await gql(ADD, { id: gid('Order', id), tags: many.slice(0, 200).join(',') })).data.tagsAdd.userErrors).toEqual([]);
      expect(await refused(ADD, { id: gid('Order', id), tags: many.slice(200).join(',') })).toEqual([tooMany]);
      // Tags it already has do not count twice.
      const res = await gql(ADD, { id: gid('Order', id), tags: [...many.slice(150, 200), ...many.slice(200, 250)].join(',') });
      expect(res.data.tagsAdd.userErrors).toEqual([]);
      expect((await stored(id)).tags).toEqual(many.slice(0, MAX_TAGS));
    });

    it('refuses a tag over 255 characters and a tag with a NUL, writing nothing', async () => {
      const id = await newOrder();
      expect(await refused(ADD, { id: gid('Order', id), tags: ['ok', 'x'.repeat(256)] })).toEqual([
        { field: ['tags'], message: 'Tags is too long (maximum is 255 characters per tag)', code: 'TOO_LONG' },
      ]);
      expect((await gql(ADD, { id: gid('Order', id), tags: ['x'.repeat(255)] })).data.tagsAdd.node.tags).toEqual(['x'.repeat(255)]);
      const before = await snapshot();
      const nul = await gql(ADD, { id: gid('Order', id), tags: ['a\u0000b'] });
      // Refused by the transport before the resolver runs (the tag rules refuse it too, for callers without one).
      expect(nul.data?.tagsAdd ?? null).toBeNull();
      expect(nul.errors).toEqual([expect.objectContaining({ message: 'tags[0] must not contain NUL bytes (U+0000).', extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) })]);
      expect(await snapshot()).toBe(before);
    });

    it('counts two changes of one order at once (one statement each)', async () => {
      const id = await newOrder();
      const tags = Array.from({ length: 12 }, (_, i) => `concurrent-${i}`);
      const answers = await Promise.all(tags.map((tag) => gql(ADD, { id: gid('Order', id), tags: [tag] })));
      for (const answer of answers) expect(answer.data.tagsAdd.userErrors).toEqual([]);
      expect([...(await stored(id)).tags].sort()).toEqual([...tags].sort());
    });
  });

  describe('ids', () => {
    it('answers an id of no taggable type, or no id at all, as the resource not found', async () => {
      const missing = notFound('Resource does not exist');
      for (const id of [gid('Collection', 1), gid('Shop', 1), 'gid://platform/Order/x', 'Order/1', '']) {
        expect(await refused(ADD, { id, tags: ['x'] })).toEqual([missing]);
        expect(await refused(REMOVE, { id, tags: ['x'] })).toEqual([missing]);
      }
    });

    it("answers another shop's order, an unknown one and id 0 as not found, changing nothing", async () => {
      const theirs = await newOrder(other);
      await gqlAs(other, other.tokens.adminAccessToken, ADD, { id: gid('Order', theirs), tags: ['theirs'] });
      for (const id of [theirs, 999_999_999, 0]) {
        expect(await refused(ADD, { id: gid('Order', id), tags: ['mallory'] })).toEqual([notFound('Order does not exist')]);
        expect(await refused(REMOVE, { id: gid('Order', id), tags: ['theirs'] })).toEqual([notFound('Order does not exist')]);
        // Not found wins over a problem of the tags, so a refusal says nothing of another shop's orders.
        expect(await refused(ADD, { id: gid('Order', id), tags: ['x'.repeat(256)] })).toEqual([notFound('Order does not exist')]);
      }
      expect((await stored(theirs)).tags).toEqual(['theirs']);
    });
  });

  describe('access', () => {
    it("asks the scope of the id's type: write_orders for an order, write_customers for a customer", async () => {
      const order = await newOrder();
      const customer = await createCustomer(t.app.get(SystemContexts).forShop(shop.shop), { email: 'tagged@example.com' });
      const { adminAccessToken: customersOnly } = await t.app.get(AuthService).installApp(shop.shop.id, 'customers app', 'read_orders,write_customers');
      const before = await snapshot();
      for (const query of [ADD, REMOVE]) {
        const denied = await gqlAs(shop, customersOnly, query, { id: gid('Order', order), tags: ['x'] });
        expect(denied.data).toEqual({ [query === ADD ? 'tagsAdd' : 'tagsRemove']: null });
        expect(denied.errors).toEqual([expect.objectContaining({ path: [query === ADD ? 'tagsAdd' : 'tagsRemove'], extensions: expect.objectContaining({ code: 'ACCESS_DENIED', requiredAccess: 'write_orders' }) })]);
      }
      expect(await snapshot()).toBe(before);
      const allowed = await gqlAs(shop, customersOnly, ADD, { id: gid('Customer', customer.id), tags: ['x'] });
      expect(allowed.data.tagsAdd).toEqual({ node: { __typename: 'Customer', id: gid('Customer', customer.id), tags: ['x'] }, userErrors: [] });
    });
  });

  describe('the rule in SQL', () => {
    // The one-statement change (tagsAfterSql) keeps what tagsAfter keeps: the SQL and the rule it stands for agree.
    const word = fc.stringMatching(/^[A-Za-z0-9 éÉ-]{1,8}$/);
    const tags = fc.array(word, { maxLength: 12 });

    it('keeps the tags tagsAfter keeps', async () => {
      const statement = `select ${tagsAfterSql('$1::text[]', '$2::text[]', '$3::text[]')} as tags`;
      await fc.assert(
        fc.asyncProperty(tags, tags, tags, async (current, add, remove) => {
          const [row] = await rows<{ tags: string[] }>(statement, [current, add, remove]);
          expect(row!.tags).toEqual(tagsAfter(current, add, remove));
        }),
        { seed: 20261129, numRuns: 200 },
      );
    });
  });

  describe('hostile input', () => {
    const fuzz = fuzzSettings(40);
    const budget = fuzz.budget(200);

    it(
      'never answers a 500 or an internal error, whatever the strings',
      async () => {
        const order = await newOrder();
        await fc.assert(
          fc.asyncProperty(fc.boolean(), fc.boolean(), hostileString, async (add, asId, text) => {
            const res = await gql(add ? ADD : REMOVE, asId ? { id: text, tags: [text] } : { id: gid('Order', order), tags: [text, `${text},${text}`] });
            expect(res.status).toBe(200);
            const codes = (res.errors ?? []).map((e: any) => e.extensions?.code);
            expect(codes).not.toContain('INTERNAL_SERVER_ERROR');
          }),
          budget.parameters,
        );
      },
      budget.timeout,
    );
  });
});
