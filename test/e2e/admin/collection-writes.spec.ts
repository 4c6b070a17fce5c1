import pg from 'pg';
import { AuthService } from '@platform/auth';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { adminQuery, storefrontQuery } from '../../support/http.js';

type Gql = { status: number; data?: any; errors?: any };

const ERRORS = 'userErrors { field message code }';
const COLLECTION = 'id title handle descriptionHtml productsCount { count } products(first: 50) { nodes { id } }';
const CREATE = `mutation($input: CollectionInput!) { collectionCreate(input: $input) { collection { ${COLLECTION} } ${ERRORS} } }`;
const UPDATE = `mutation($input: CollectionInput!) { collectionUpdate(input: $input) { collection { ${COLLECTION} } ${ERRORS} } }`;
const DELETE = `mutation($id: ID!) { collectionDelete(input: { id: $id }) { deletedCollectionId ${ERRORS} } }`;
const ADD = `mutation($id: ID!, $productIds: [ID!]!) { collectionAddProducts(id: $id, productIds: $productIds) { collection { ${COLLECTION} } ${ERRORS} } }`;
const REMOVE = `mutation($id: ID!, $productIds: [ID!]!) { collectionRemoveProducts(id: $id, productIds: $productIds) { job { id done } ${ERRORS} } }`;
const REORDER = `mutation($id: ID!, $moves: [MoveInput!]!) { collectionReorderProducts(id: $id, moves: $moves) { job { done } ${ERRORS} } }`;
const SF_COLLECTION = `query($handle: String!) { collection(handle: $handle) { title products(first: 50) { nodes { id } } } }`;

// The manual collection mutations, and the storefront following them.
describe('admin GraphQL collections: create, update, delete, add, remove and reorder products', () => {
  let t: TestApp;
  let shop: TestShop;
  let other: TestShop;
  let db: pg.Client;
  let products: string[];

  beforeAll(async () => {
    t = await createTestApp({}, { adminGraphql: { capacity: 1e9, leakPerSecond: 1e9 } });
    shop = await t.seedShop('acme', { products: 6, customers: 0, orders: 0, seed: 3 });
    other = await t.seedShop('other', { products: 2, customers: 0, orders: 0, seed: 9 });
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    // Published and active, so the storefront lists them.
    await db.query(`update products set status = 'active', published_at = now() - interval '1 day' where shop_id = $1`, [shop.shop.id]);
    products = (await db.query(`select id from products where shop_id = $1 order by id`, [shop.shop.id])).rows.map((r: any) => `gid://platform/Product/${r.id}`);
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const gql = async (query: string, variables: Record<string, unknown> = {}, token = shop.tokens.adminAccessToken): Promise<Gql> => {
    const res = await adminQuery(t.app, shop.host, token, query, { variables });
    return { status: res.status, ...res.body };
  };
  const sfProducts = async (handle: string) => (await storefrontQuery(t.app, shop.host, SF_COLLECTION, {}, { variables: { handle } })).body.data.collection?.products.nodes.map((n: any) => n.id);
  const created = async (input: Record<string, unknown>) => {
    const res = await gql(CREATE, { input });
    expect(res.data.collectionCreate.userErrors).toEqual([]);
    return res.data.collectionCreate.collection;
  };

  it('creates a manual collection with its products in order and a handle from the title; the storefront shows it', async () => {
    const collection = await created({ title: 'Summer Picks', descriptionHtml: '<p>Sun</p>', products: [products[2], products[0]] });
    expect(collection).toMatchObject({ title: 'Summer Picks', handle: 'summer-picks', productsCount: { count: 2 }, products: { nodes: [{ id: products[2] }, { id: products[0] }] } });
    expect(await sfProducts('summer-picks')).toEqual([products[2], products[0]]);
    expect((await created({ title: 'Summer picks' })).handle).toBe('summer-picks-1');
  });

  it('adds, removes and reorders products; the storefront follows each change', async () => {
    const collection = await created({ title: 'Rotating', products: [products[0], products[1]] });
    const added = await gql(ADD, { id: collection.id, productIds: [products[2], products[0], products[3]] });
    expect(added.data.collectionAddProducts.collection.products.nodes.map((n: any) => n.id)).toEqual([products[0], products[1], products[2], products[3]]);

    const removed = await gql(REMOVE, { id: collection.id, productIds: [products[1]] });
    expect(removed.data.collectionRemoveProducts).toEqual({ job: { id: expect.stringMatching(/^gid:\/\/platform\/Job\//), done: true }, userErrors: [] });
    expect(await sfProducts('rotating')).toEqual([products[0], products[2], products[3]]);

    const moved = await gql(REORDER, { id: collection.id, moves: [{ id: products[3], newPosition: '0' }, { id: products[0], newPosition: '99' }] });
    expect(moved.data.collectionReorderProducts).toEqual({ job: { done: true }, userErrors: [] });
    expect(await sfProducts('rotating')).toEqual([products[3], products[2], products[0]]);
  });

  it('updates the fields given; deletes the collection and keeps its products', async () => {
    const collection = await created({ title: 'Old Name', products: [products[4]] });
    const updated = await gql(UPDATE, { input: { id: collection.id, title: 'New Name', handle: 'new-name' } });
    expect(updated.data.collectionUpdate.collection).toMatchObject({ title: 'New Name', handle: 'new-name', descriptionHtml: '' });
    expect(await sfProducts('new-name')).toEqual([products[4]]);

    const deleted = await gql(DELETE, { id: collection.id });
    expect(deleted.data.collectionDelete).toEqual({ deletedCollectionId: collection.id, userErrors: [] });
    expect(await sfProducts('new-name')).toBeUndefined();
    expect((await db.query(`select count(*)::int as n from products where id = $1`, [Number(products[4]!.split('/').pop())])).rows[0].n).toBe(1);
    expect((await gql(DELETE, { id: collection.id })).data.collectionDelete.userErrors).toEqual([{ field: ['input', 'id'], message: 'Collection does not exist', code: 'NOT_FOUND' }]);
  });

  it('refuses bad input and foreign ids with userErrors, writing nothing', async () => {
    const count = async () => (await db.query(`select (select count(*) from collections where shop_id = $1)::int as c, (select count(*) from collection_products where shop_id = $1)::int as p`, [shop.shop.id])).rows[0];
    const before = await count();
    const [theirProduct] = (await db.query(`select id from products where shop_id = $1 limit 1`, [other.shop.id])).rows;
    const cases: [Record<string, unknown>, { field: string[]; code: string }][] = [
      [{}, { field: ['input', 'title'], code: 'BLANK' }],
      [{ title: 'x'.repeat(256) }, { field: ['input', 'title'], code: 'TOO_LONG' }],
      [{ title: 'Ok', handle: 'Bad Handle' }, { field: ['input', 'handle'], code: 'INVALID' }],
      [{ title: 'Ok', handle: 'summer-picks' }, { field: ['input', 'handle'], code: 'TAKEN' }],
      [{ title: 'Ok', products: [`gid://platform/Product/${theirProduct.id}`] }, { field: ['input', 'products'], code: 'NOT_FOUND' }],
      [{ title: 'Ok', ruleSet: { appliedDisjunctively: false, rules: [{ column: 'TAG', relation: 'EQUALS', condition: 'sale' }] } }, { field: ['input', 'ruleSet'], code: 'INVALID' }],
    ];
    for (const [input, error] of cases) {
      const answer = (await gql(CREATE, { input })).data.collectionCreate;
      expect(answer.collection).toBeNull();
      expect(answer.userErrors).toEqual([expect.objectContaining(error)]);
    }
    const mine = await created({ title: 'Mine' });
    const theirs = (await db.query(`select id from collections where shop_id = $1 limit 1`, [other.shop.id])).rows[0];
    for (const id of [`gid://platform/Collection/${theirs.id}`, 'gid://platform/Collection/999999999', products[0], 'junk']) {
      expect((await gql(UPDATE, { input: { id, title: 'Taken over' } })).data.collectionUpdate.userErrors).toEqual([expect.objectContaining({ code: 'NOT_FOUND' })]);
      expect((await gql(ADD, { id, productIds: [products[0]] })).data.collectionAddProducts.userErrors).toEqual([expect.objectContaining({ code: 'NOT_FOUND' })]);
    }
    expect((await gql(ADD, { id: mine.id, productIds: [`gid://platform/Product/${theirProduct.id}`] })).data.collectionAddProducts.userErrors).toEqual([
      { field: ['productIds'], message: 'Product does not exist', code: 'NOT_FOUND' },
    ]);
    expect((await gql(REORDER, { id: mine.id, moves: [{ id: products[0], newPosition: '0' }] })).data.collectionReorderProducts.userErrors).toEqual([
      { field: ['moves', '0', 'id'], message: 'Product is not in the collection', code: 'NOT_FOUND' },
    ]);
    expect((await gql(UPDATE, { input: { id: mine.id, products: [products[0]] } })).data.collectionUpdate.userErrors).toEqual([expect.objectContaining({ field: ['input', 'products'], code: 'INVALID' })]);
    const after = await count();
    expect(after).toEqual({ c: before.c + 1, p: before.p });
    const hostile = await gql(ADD, { id: mine.id, productIds: Array.from({ length: 251 }, () => products[0]) });
    expect(hostile.errors[0].extensions.code).toBe('MAX_INPUT_SIZE_EXCEEDED');
    const negative = await gql(REORDER, { id: mine.id, moves: [{ id: products[0], newPosition: '-1' }] });
    expect(negative.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('needs write_products', async () => {
    const reader = (await t.app.get(AuthService).installApp(shop.shop.id, 'reader', 'read_products')).adminAccessToken;
    const res = await gql(CREATE, { input: { title: 'Nope' } }, reader);
    expect(res.errors[0].extensions.code).toBe('ACCESS_DENIED');
  });
});
