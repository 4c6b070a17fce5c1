import pg from 'pg';
import { AuthService } from '@platform/auth';
import { createProduct } from '@platform/catalog/testing';
import { createCustomer } from '@platform/customers/testing';
import { createOrder } from '@platform/orders/testing';
import { type RequestContext, SystemContexts } from '@platform/request';
import { adminQuery, storefrontQuery } from '../../support/http.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';

type Gql = { status: number; data?: any; errors?: any };
type Input = { ownerId: string; namespace?: string | null; key: string; type?: string | null; value: string; compareDigest?: string | null };

const SET = `mutation($m: [MetafieldsSetInput!]!) { metafieldsSet(metafields: $m) {
  metafields { id namespace key type value ownerType compareDigest createdAt updatedAt } userErrors { field message code elementIndex } } }`;
const DELETE = `mutation($m: [MetafieldIdentifierInput!]!) { metafieldsDelete(metafields: $m) {
  deletedMetafields { ownerId namespace key } userErrors { field message code } } }`;

const gid = (type: string, id: number | string) => `gid://platform/${type}/${id}`;
const text = (ownerId: string, key: string, value = `${key} value`): Input => ({ ownerId, namespace: 'custom', key, type: 'single_line_text_field', value });
const noOwner = (index: number) => ({ field: ['metafields', String(index), 'ownerId'], message: 'Owner does not exist.', code: 'INVALID', elementIndex: index });

// metafieldsSet and metafieldsDelete on the admin API, for every owner its context registered: products, customers and
// the shop as the common cases (orders for the node's scope), at most 25 at once and all or none, owners found only in
// the caller's shop, each owner's write scope, the one validation, compare-and-set, hostile values, and the reads
// (admin, storefront) that show what was written.
describe('admin GraphQL metafields: metafieldsSet and metafieldsDelete', () => {
  let t: TestApp;
  let acme: TestShop;
  let globex: TestShop;
  let db: pg.Client;
  let product: number;
  let customer: number;
  let order: number;
  let theirProduct: number;
  let theirCustomer: number;

  const ctxOf = (target: TestShop): RequestContext => t.app.get(SystemContexts).forShop(target.shop);
  const gqlAs = async (target: TestShop, token: string, query: string, variables: Record<string, unknown> = {}): Promise<Gql> => {
    const res = await adminQuery(t.app, target.host, token, query, { variables });
    return { status: res.status, ...res.body };
  };
  const gql = (query: string, variables: Record<string, unknown> = {}) => gqlAs(acme, acme.tokens.adminAccessToken, query, variables);
  const set = (m: Input[]) => gql(SET, { m });
  const tokenWith = async (scopes: string) => (await t.app.get(AuthService).installApp(acme.shop.id, `app with ${scopes}`, scopes)).adminAccessToken;
  /** Every metafield of every shop, to show that a refused call wrote nothing. */
  const snapshot = async () => JSON.stringify((await db.query('select * from metafields order by id')).rows);
  /** The payload of a call refused with userErrors, after checking it wrote nothing. */
  const refused = async (m: Input[]) => {
    const before = await snapshot();
    const res = await set(m);
    expect(res.errors).toBeUndefined();
    expect(res.data.metafieldsSet.metafields).toBeNull();
    expect(await snapshot()).toBe(before);
    return res.data.metafieldsSet.userErrors;
  };

  beforeAll(async () => {
    t = await createTestApp({}, { adminGraphql: { capacity: 1e9, leakPerSecond: 1e9 } });
    acme = await t.createShop('acme');
    globex = await t.createShop('globex');
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    product = (await createProduct(ctxOf(acme))).id;
    customer = (await createCustomer(ctxOf(acme))).id;
    order = (await createOrder(ctxOf(acme))).id;
    theirProduct = (await createProduct(ctxOf(globex))).id;
    theirCustomer = (await createCustomer(ctxOf(globex))).id;
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  describe('metafieldsSet', () => {
    it('sets metafields of a product, a customer and the shop in one call and answers them in the order given', async () => {
      const res = await set([
        { ownerId: gid('Product', product), namespace: 'custom', key: 'material', type: 'single_line_text_field', value: 'Linen' },
        { ownerId: gid('Customer', customer), namespace: 'loyalty', key: 'points', type: 'number_integer', value: '1200' },
        { ownerId: gid('Shop', acme.shop.id), namespace: 'custom', key: 'announcement', type: 'multi_line_text_field', value: 'Free shipping\nover $75' },
      ]);
      expect(res.errors).toBeUndefined();
      expect(res.data.metafieldsSet.userErrors).toEqual([]);
      const stored = (await db.query(`select id::int, owner_type, owner_id::int, namespace, key, created_at from metafields where shop_id = $1 order by id`, [acme.shop.id])).rows;
      expect(stored.map((r) => [r.owner_type, r.owner_id, r.key])).toEqual([
        ['PRODUCT', product, 'material'],
        ['CUSTOMER', customer, 'points'],
        ['SHOP', acme.shop.id, 'announcement'],
      ]);
      expect(res.data.metafieldsSet.metafields).toEqual([
        expect.objectContaining({ id: gid('Metafield', stored[0].id), namespace: 'custom', key: 'material', type: 'single_line_text_field', value: 'Linen', ownerType: 'PRODUCT', compareDigest: expect.stringMatching(/^[0-9a-f]{64}$/) }),
        expect.objectContaining({ id: gid('Metafield', stored[1].id), key: 'points', value: '1200', ownerType: 'CUSTOMER' }),
        expect.objectContaining({ id: gid('Metafield', stored[2].id), key: 'announcement', ownerType: 'SHOP', createdAt: stored[2].created_at.toISOString() }),
      ]);
    });

    it('shows what it wrote on every read: the owners\' admin fields, the node and the storefront', async () => {
      const admin = await gql(`query($c: ID!) { customer(id: $c) { metafield(namespace: "loyalty", key: "points") { value jsonValue } }
        shop { metafield(namespace: "custom", key: "announcement") { value } metafields(first: 5) { nodes { key ownerType } } } }`, { c: gid('Customer', customer) });
      expect(admin.errors).toBeUndefined();
      expect(admin.data).toEqual({
        customer: { metafield: { value: '1200', jsonValue: 1200 } },
        shop: { metafield: { value: 'Free shipping\nover $75' }, metafields: { nodes: [{ key: 'announcement', ownerType: 'SHOP' }] } },
      });
      const storefront = await storefrontQuery(t.app, acme.host, `query($p: ID!) { product(id: $p) { metafield(namespace: "custom", key: "material") { value } }
        shop { metafield(namespace: "custom", key: "announcement") { value } } }`, { 'x-platform-storefront-access-token': acme.tokens.storefrontAccessToken }, { variables: { p: gid('Product', product) } });
      expect(storefront.body.data).toEqual({ product: { metafield: { value: 'Linen' } }, shop: { metafield: { value: 'Free shipping\nover $75' } } });
    });

    it("uses the calling app's reserved namespace when the namespace is omitted", async () => {
      const res = await set([{ ownerId: gid('Customer', customer), key: 'secret', type: 'single_line_text_field', value: 'mine' }]);
      expect(res.data.metafieldsSet.metafields).toEqual([expect.objectContaining({ namespace: `app--${acme.tokens.appId}`, key: 'secret' })]);
      const read = await gql(`query($c: ID!) { customer(id: $c) { metafield(key: "secret") { value } } }`, { c: gid('Customer', customer) });
      expect(read.data.customer.metafield).toEqual({ value: 'mine' });
    });

    it('sets the same metafields again idempotently: the same rows, updatedAt kept; a new value changes the row in place', async () => {
      const input = [text(gid('Product', product), 'care', 'Wash cold'), text(gid('Customer', customer), 'tier', 'gold')];
      const first = (await set(input)).data.metafieldsSet.metafields;
      const again = (await set(input)).data.metafieldsSet;
      expect(again).toEqual({ metafields: first, userErrors: [] });
      const rows = async () => (await db.query(`select count(*)::int as n from metafields where shop_id = $1 and key in ('care', 'tier')`, [acme.shop.id])).rows[0].n;
      expect(await rows()).toBe(2);
      const changed = (await set([{ ...input[0]!, value: 'Wash warm' }])).data.metafieldsSet.metafields[0];
      expect(changed).toMatchObject({ id: first[0].id, value: 'Wash warm', createdAt: first[0].createdAt });
      expect(changed.compareDigest).not.toBe(first[0].compareDigest);
      expect(await rows()).toBe(2);
    });

    it('takes 25 metafields at once and refuses 26, writing none of them', async () => {
      const many = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => text(gid('Product', product), `${prefix}${i}`));
      expect(await refused(many(26, 'over'))).toEqual([
        { field: ['metafields'], message: 'Exceeded the maximum metafields input limit of 25.', code: 'LESS_THAN_OR_EQUAL_TO', elementIndex: null },
      ]);
      const res = await set(many(25, 'at'));
      expect(res.data.metafieldsSet.userErrors).toEqual([]);
      expect(res.data.metafieldsSet.metafields).toHaveLength(25);
    });

    it('refuses a wrong type, a value its type does not take and malformed namespaces and keys, naming each', async () => {
      const owner = gid('Product', product);
      expect(
        await refused([
          { ownerId: owner, namespace: 'custom', key: 'kind', type: 'string', value: 'x' },
          { ownerId: owner, namespace: 'custom', key: 'count', type: 'number_integer', value: 'twelve' },
          { ownerId: owner, namespace: 'custom', key: 'untyped', value: 'x' },
          { ownerId: owner, namespace: 'ab', key: 'has space', type: 'single_line_text_field', value: 'x' },
          { ownerId: owner, namespace: 'custom', key: 'color', type: 'color', value: '' },
          { ownerId: owner, namespace: 'custom', key: 'json', type: 'json', value: '{not json' },
          { ownerId: owner, namespace: 'custom', key: 'dupe', type: 'single_line_text_field', value: 'a' },
          { ownerId: owner, namespace: 'custom', key: 'dupe', type: 'single_line_text_field', value: 'b' },
        ]),
      ).toEqual([
        { field: ['metafields', '0', 'type'], message: 'Type is not a supported metafield type', code: 'INVALID_TYPE', elementIndex: 0 },
        { field: ['metafields', '1', 'value'], message: 'Value must be an integer', code: 'INVALID_VALUE', elementIndex: 1 },
        { field: ['metafields', '2', 'type'], message: "Type can't be blank", code: 'BLANK', elementIndex: 2 },
        { field: ['metafields', '3', 'namespace'], message: 'Namespace is too short (minimum is 3 characters)', code: 'TOO_SHORT', elementIndex: 3 },
        { field: ['metafields', '3', 'key'], message: 'Key is invalid: use letters, digits, hyphens and underscores', code: 'INVALID', elementIndex: 3 },
        { field: ['metafields', '4', 'value'], message: "Value can't be blank", code: 'BLANK', elementIndex: 4 },
        { field: ['metafields', '5', 'value'], message: 'Value must be valid JSON', code: 'INVALID_VALUE', elementIndex: 5 },
        { field: ['metafields', '7', 'key'], message: 'The same metafield is given twice for this owner.', code: 'TAKEN', elementIndex: 7 },
      ]);
    });

    it('answers an owner it does not know as one that does not exist: a malformed id, a type without metafields, an id the shop lacks', async () => {
      expect(
        await refused([
          text('not a global id', 'a1'),
          text('gid://platform/Menu/1', 'a2'),
          text('gid://platform/Metafield/1', 'a3'),
          text(gid('Product', 999_999_999), 'a4'),
          text(gid('Customer', 0), 'a5'),
          text(gid('Product', product), 'a6'),
        ]),
      ).toEqual([0, 1, 2, 3, 4].map(noOwner));
    });

    it("answers another shop's owner exactly as an unknown one, and writes nothing on either shop", async () => {
      const theirs = await refused([text(gid('Product', theirProduct), 'leak'), text(gid('Customer', theirCustomer), 'leak'), text(gid('Shop', globex.shop.id), 'leak'), text(gid('Product', product), 'fine')]);
      expect(theirs).toEqual([0, 1, 2].map(noOwner));
      // Globex's own token sets its own product's metafield; acme's token never sees it.
      const own = await gqlAs(globex, globex.tokens.adminAccessToken, SET, { m: [text(gid('Product', theirProduct), 'theirs', 'globex value')] });
      expect(own.data.metafieldsSet.userErrors).toEqual([]);
      const probe = await gql('query($id: ID!) { node(id: $id) { id } }', { id: own.data.metafieldsSet.metafields[0].id });
      expect(probe.data).toEqual({ node: null });
    });

    it("needs each owner's write scope, checked before anything is read or written", async () => {
      const readOnly = await tokenWith('read_products,read_customers');
      const productsOnly = await tokenWith('write_products');
      const before = await snapshot();
      const denied = await gqlAs(acme, readOnly, SET, { m: [text(gid('Product', product), 'nope')] });
      expect(denied.data).toEqual({ metafieldsSet: null });
      expect(denied.errors).toEqual([expect.objectContaining({ path: ['metafieldsSet'], extensions: expect.objectContaining({ code: 'ACCESS_DENIED' }) })]);
      // One owner the caller may not write refuses the whole call, even for an owner of another shop.
      const mixed = await gqlAs(acme, productsOnly, SET, { m: [text(gid('Product', product), 'ok'), text(gid('Customer', theirCustomer), 'nope')] });
      expect(mixed.data).toEqual({ metafieldsSet: null });
      expect(mixed.errors[0].extensions).toMatchObject({ code: 'ACCESS_DENIED' });
      expect(await snapshot()).toBe(before);
      const allowed = await gqlAs(acme, productsOnly, SET, { m: [text(gid('Product', product), 'scoped'), text(gid('Shop', acme.shop.id), 'scoped')] });
      expect(allowed.data.metafieldsSet.userErrors).toEqual([]);
    });

    it('is all or nothing: one bad metafield among good ones writes none of them', async () => {
      expect(
        await refused([
          text(gid('Product', product), 'atomic_one'),
          text(gid('Customer', customer), 'atomic_two'),
          { ownerId: gid('Shop', acme.shop.id), namespace: 'custom', key: 'atomic_three', type: 'boolean', value: 'maybe' },
        ]),
      ).toEqual([{ field: ['metafields', '2', 'value'], message: "Value must be 'true' or 'false'", code: 'INVALID_VALUE', elementIndex: 2 }]);
    });

    it('refuses NUL-bearing text before anything runs, and oversized values as input problems, writing nothing', async () => {
      const before = await snapshot();
      for (const m of [
        [{ ...text(gid('Product', product), 'nul'), value: 'a\u0000b' }],
        [{ ...text(gid('Product', product), 'nul'), key: 'k\u0000' }],
        [{ ...text(gid('Product', product), 'nul'), ownerId: `gid://platform/Product/${product}\u0000` }],
      ]) {
        const res = await set(m);
        expect(res.status).toBe(200);
        expect(res.data?.metafieldsSet ?? null).toBeNull();
        expect(res.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      }
      expect(await snapshot()).toBe(before);
      expect(
        await refused([
          { ...text(gid('Product', product), 'big'), type: 'multi_line_text_field', value: 'x'.repeat(65_537) },
          { ...text(gid('Product', product), 'big_json'), type: 'json', value: JSON.stringify('x'.repeat(131_100)) },
          { ...text(gid('Product', product), 'k'.repeat(65)) },
          { ...text(gid('Product', product), 'long_namespace'), namespace: 'n'.repeat(10_000) },
        ]),
      ).toEqual([
        { field: ['metafields', '0', 'value'], message: 'Value is too long (maximum is 65536 characters)', code: 'INVALID_VALUE', elementIndex: 0 },
        { field: ['metafields', '1', 'value'], message: 'Value is too long (maximum is 131072 characters)', code: 'INVALID_VALUE', elementIndex: 1 },
        { field: ['metafields', '2', 'key'], message: 'Key is too long (maximum is 64 characters)', code: 'TOO_LONG', elementIndex: 2 },
        { field: ['metafields', '3', 'namespace'], message: 'Namespace is too long (maximum is 255 characters)', code: 'TOO_LONG', elementIndex: 3 },
      ]);
    });

    it('sets with a compareDigest only while the metafield holds what was read', async () => {
      const owner = gid('Customer', customer);
      const created = (await set([{ ...text(owner, 'stock', 'one'), compareDigest: null }])).data.metafieldsSet;
      expect(created.userErrors).toEqual([]);
      const digest = created.metafields[0].compareDigest;
      // Read as the admin shows it, the digest is the same one.
      const read = await gql(`query($c: ID!) { customer(id: $c) { metafield(namespace: "custom", key: "stock") { compareDigest } } }`, { c: owner });
      expect(read.data.customer.metafield.compareDigest).toBe(digest);
      expect(await refused([{ ...text(owner, 'stock', 'two'), compareDigest: null }])).toEqual([
        { field: ['metafields', '0', 'compareDigest'], message: 'The metafield has been modified since it was loaded.', code: 'STALE_OBJECT', elementIndex: 0 },
      ]);
      expect((await set([{ ...text(owner, 'stock', 'two'), compareDigest: digest }])).data.metafieldsSet.userErrors).toEqual([]);
      expect(await refused([{ ...text(owner, 'stock', 'three'), compareDigest: digest }])).toEqual([expect.objectContaining({ code: 'STALE_OBJECT' })]);
      expect(await refused([{ ...text(owner, 'stock', 'three'), compareDigest: 'abc' }])).toEqual([
        { field: ['metafields', '0', 'compareDigest'], message: 'The compareDigest is invalid.', code: 'INVALID_COMPARE_DIGEST', elementIndex: 0 },
      ]);
    });

    it("sets an order's metafield, which its node and Order.metafield show to read_orders only", async () => {
      const res = await set([text(gid('Order', order), 'gift_note', 'Happy birthday')]);
      const [metafield] = res.data.metafieldsSet.metafields;
      expect(metafield.ownerType).toBe('ORDER');
      const read = await gql(`query($o: ID!, $m: ID!) { order(id: $o) { metafield(namespace: "custom", key: "gift_note") { value } metafields(first: 3) { nodes { key } } }
        node(id: $m) { ... on Metafield { value ownerType } } }`, { o: gid('Order', order), m: metafield.id });
      expect(read.data).toEqual({ order: { metafield: { value: 'Happy birthday' }, metafields: { nodes: [{ key: 'gift_note' }] } }, node: { value: 'Happy birthday', ownerType: 'ORDER' } });
      const denied = await gqlAs(acme, await tokenWith('read_products'), 'query($m: ID!) { node(id: $m) { id } }', { m: metafield.id });
      expect(denied.data).toEqual({ node: null });
      expect(denied.errors[0].extensions).toMatchObject({ code: 'ACCESS_DENIED' });
      // The storefront never shows an order's or a customer's metafield, even by id.
      const storefront = await storefrontQuery(t.app, acme.host, 'query($m: ID!) { node(id: $m) { id } }', { 'x-platform-storefront-access-token': acme.tokens.storefrontAccessToken }, { variables: { m: metafield.id } });
      expect(storefront.body.data).toEqual({ node: null });
    });
  });

  describe('metafieldsDelete', () => {
    it('deletes metafields by owner, namespace and key; null for one that does not exist or is another shop\'s', async () => {
      await set([text(gid('Product', product), 'doomed'), text(gid('Customer', customer), 'doomed'), text(gid('Product', product), 'survivor')]);
      await gqlAs(globex, globex.tokens.adminAccessToken, SET, { m: [text(gid('Product', theirProduct), 'doomed', 'globex keeps it')] });
      const identifiers = [
        { ownerId: gid('Product', product), namespace: 'custom', key: 'doomed' },
        { ownerId: gid('Customer', customer), namespace: 'custom', key: 'doomed' },
        { ownerId: gid('Product', product), namespace: 'custom', key: 'never_set' },
        { ownerId: gid('Product', theirProduct), namespace: 'custom', key: 'doomed' },
      ];
      const res = await gql(DELETE, { m: identifiers });
      expect(res.errors).toBeUndefined();
      expect(res.data.metafieldsDelete).toEqual({ deletedMetafields: [identifiers[0], identifiers[1], null, null], userErrors: [] });
      const left = (await db.query(`select shop_id::int, key, value from metafields where key in ('doomed', 'survivor') order by id`)).rows;
      expect(left).toEqual([
        { shop_id: acme.shop.id, key: 'survivor', value: 'survivor value' },
        { shop_id: globex.shop.id, key: 'doomed', value: 'globex keeps it' },
      ]);
      // Deleting again: nothing to delete, no error.
      expect((await gql(DELETE, { m: identifiers.slice(0, 1) })).data.metafieldsDelete).toEqual({ deletedMetafields: [null], userErrors: [] });
    });

    it('refuses an owner of no type that keeps metafields and an empty list, deleting nothing', async () => {
      await set([text(gid('Product', product), 'kept')]);
      const before = await snapshot();
      const res = await gql(DELETE, { m: [{ ownerId: gid('Product', product), namespace: 'custom', key: 'kept' }, { ownerId: 'gid://platform/Menu/1', namespace: 'custom', key: 'kept' }] });
      expect(res.data.metafieldsDelete).toEqual({ deletedMetafields: null, userErrors: [{ field: ['metafields', '1', 'ownerId'], message: 'Owner does not exist.', code: 'NOT_FOUND' }] });
      expect((await gql(DELETE, { m: [] })).data.metafieldsDelete).toEqual({ deletedMetafields: null, userErrors: [{ field: ['metafields'], message: 'At least one metafield must be given.', code: 'BLANK' }] });
      expect(await snapshot()).toBe(before);
    });

    it("needs each owner's write scope", async () => {
      const before = await snapshot();
      const denied = await gqlAs(acme, await tokenWith('write_products'), DELETE, { m: [{ ownerId: gid('Customer', customer), namespace: 'loyalty', key: 'points' }] });
      expect(denied.data).toEqual({ metafieldsDelete: null });
      expect(denied.errors[0].extensions).toMatchObject({ code: 'ACCESS_DENIED' });
      expect(await snapshot()).toBe(before);
    });
  });
});
