import pg from 'pg';
import { AuthService } from '@platform/auth';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { adminQuery, send, storefrontQuery } from '../../support/http.js';

type Gql = { status: number; data?: any; errors?: any; extensions?: any };

const PRODUCT = `id title handle descriptionHtml vendor productType status tags seo { title description } publishedAt publishedOnCurrentPublication
  variantsCount { count } hasOnlyDefaultVariant variants(first: 5) { nodes { title price selectedOptions { name value } } }
  collections(first: 5) { nodes { handle } }`;
const ERRORS = 'userErrors { field message code }';
const CREATE = `mutation($product: ProductCreateInput!) { productCreate(product: $product) { product { ${PRODUCT} } ${ERRORS} } }`;
const UPDATE = `mutation($product: ProductUpdateInput!) { productUpdate(product: $product) { product { ${PRODUCT} } ${ERRORS} } }`;
const DELETE = `mutation($id: ID!) { productDelete(input: { id: $id }) { deletedProductId ${ERRORS} } }`;
const PUBLISH = `mutation($id: ID!, $input: [PublicationInput!]!) { publishablePublish(id: $id, input: $input) { publishable { publishedOnCurrentPublication ... on Product { id } } ${ERRORS} } }`;
const UNPUBLISH = `mutation($id: ID!) { publishableUnpublish(id: $id, input: [{ publicationId: "gid://platform/Publication/1" }]) { publishable { publishedOnCurrentPublication } ${ERRORS} } }`;
const ONLINE_STORE = [{ publicationId: 'gid://platform/Publication/1' }];

const SF_BY_HANDLE = `query($handle: String!) { product(handle: $handle) { id title variants(first: 5) { nodes { price { amount } } } } }`;
const SF_LIST = `query($query: String) { products(first: 250, query: $query) { nodes { handle } } }`;
const SF_COLLECTION = `query($handle: String!) { collection(handle: $handle) { products(first: 250) { nodes { handle } } } }`;

// The merchant's product writes on the admin API, and the storefront following each of them at once.
describe('admin GraphQL products: productCreate, productUpdate, productDelete, publishing, tags', () => {
  let t: TestApp;
  let shop: TestShop;
  let other: TestShop;
  let db: pg.Client;

  beforeAll(async () => {
    t = await createTestApp({}, { adminGraphql: { capacity: 1e9, leakPerSecond: 1e9 } });
    shop = await t.seedShop('acme', { products: 3, customers: 0, orders: 0, seed: 3 });
    other = await t.seedShop('other', { products: 2, customers: 0, orders: 0, seed: 9 });
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const gqlAs = async (target: TestShop, token: string, query: string, variables: Record<string, unknown> = {}, version?: string): Promise<Gql> => {
    const res = version
      ? await send(t.app, { method: 'POST', url: `/admin/api/${version}/graphql.json`, host: target.host, headers: { 'x-platform-access-token': token }, body: { query, variables } })
      : await adminQuery(t.app, target.host, token, query, { variables });
    return { status: res.status, ...res.body };
  };
  const gql = (query: string, variables: Record<string, unknown> = {}, version?: string) => gqlAs(shop, shop.tokens.adminAccessToken, query, variables, version);
  const storefront = async (query: string, variables: Record<string, unknown> = {}) => (await storefrontQuery(t.app, shop.host, query, {}, { variables })).body;
  const count = async (table: string) => Number((await db.query(`select count(*) from ${table} where shop_id = $1`, [shop.shop.id])).rows[0].count);
  const counts = async (tables: string[]) => {
    const found: number[] = [];
    for (const table of tables) found.push(await count(table));
    return found;
  };
  const create = async (product: Record<string, unknown>) => {
    const res = await gql(CREATE, { product });
    expect(res.errors).toBeUndefined();
    return res.data.productCreate;
  };
  const created = async (product: Record<string, unknown>) => {
    const answer = await create(product);
    expect(answer.userErrors).toEqual([]);
    return answer.product;
  };
  const publish = async (id: string) => {
    const res = await gql(PUBLISH, { id, input: ONLINE_STORE });
    expect(res.data.publishablePublish.userErrors).toEqual([]);
  };
  const sfHandles = async (query?: string) => (await storefront(SF_LIST, { query })).data.products.nodes.map((n: any) => n.handle);

  describe('productCreate', () => {
    it('creates the product with one variant of each option\'s first value, unpublished, with a handle made from the title', async () => {
      const product = await created({
        title: '  Wool Scarf Déluxe! ',
        descriptionHtml: '<p>Warm</p>',
        vendor: 'Knitters',
        productType: 'Scarves',
        tags: ['winter, wool', 'Winter'],
        seo: { title: 'Scarf', description: 'A warm scarf' },
        productOptions: [
          { name: 'Colour', values: [{ name: 'Red' }, { name: 'Blue' }] },
          { name: 'Size', position: 1, values: [{ name: 'S' }, { name: 'M' }] },
        ],
      });
      expect(product).toMatchObject({
        title: 'Wool Scarf Déluxe!',
        handle: 'wool-scarf-deluxe',
        descriptionHtml: '<p>Warm</p>',
        vendor: 'Knitters',
        productType: 'Scarves',
        status: 'ACTIVE',
        tags: ['winter', 'wool'],
        seo: { title: 'Scarf', description: 'A warm scarf' },
        publishedAt: null,
        publishedOnCurrentPublication: false,
        variantsCount: { count: 1 },
        hasOnlyDefaultVariant: false,
        variants: { nodes: [{ title: 'S / Red', price: '0.00', selectedOptions: [{ name: 'Size', value: 'S' }, { name: 'Colour', value: 'Red' }] }] },
      });
      // Not on the online store until published, as on the hosted platform.
      expect((await storefront(SF_BY_HANDLE, { handle: 'wool-scarf-deluxe' })).data.product).toBeNull();
      await publish(product.id);
      expect((await storefront(SF_BY_HANDLE, { handle: 'wool-scarf-deluxe' })).data.product).toMatchObject({ id: product.id, title: 'Wool Scarf Déluxe!' });
      expect(await sfHandles('title:Wool')).toContain('wool-scarf-deluxe');
    });

    it('without options: the default variant; a taken generated handle gets -1, -2', async () => {
      const first = await created({ title: 'Plain Mug' });
      const second = await created({ title: 'Plain mug' });
      const third = await created({ title: 'PLAIN MUG' });
      expect([first.handle, second.handle, third.handle]).toEqual(['plain-mug', 'plain-mug-1', 'plain-mug-2']);
      expect(first).toMatchObject({ hasOnlyDefaultVariant: true, variants: { nodes: [{ title: 'Default Title', selectedOptions: [{ name: 'Title', value: 'Default Title' }] }] } });
      const symbols = await created({ title: '!!!' });
      expect(symbols.handle).toMatch(/^product(-\d+)?$/);
    });

    it('joins collections and sets metafields in the same write', async () => {
      const [collection] = (await db.query(`select id, handle from collections where shop_id = $1 order by id limit 1`, [shop.shop.id])).rows;
      const product = await created({
        title: 'Collected',
        collectionsToJoin: [`gid://platform/Collection/${collection.id}`],
        metafields: [{ namespace: 'custom', key: 'fabric', type: 'single_line_text_field', value: 'linen' }],
      });
      expect(product.collections.nodes).toEqual([{ handle: collection.handle }]);
      const stored = await db.query(`select value from metafields where shop_id = $1 and owner_type = 'PRODUCT' and owner_id = $2`, [shop.shop.id, Number(product.id.split('/').pop())]);
      expect(stored.rows).toEqual([{ value: 'linen' }]);
      const read = await gql(`query($id: ID!) { product(id: $id) { tracksInventory onlineStoreUrl metafield(namespace: "custom", key: "fabric") { value } metafields(first: 5) { nodes { key } }
        variants(first: 1) { nodes { metafields(first: 1) { nodes { key } } inventoryItem { tracked } } } collections(first: 1) { nodes { metafields(first: 1) { nodes { key } } } } } }`, { id: product.id });
      expect(read.data.product).toEqual({
        tracksInventory: false,
        onlineStoreUrl: null,
        metafield: { value: 'linen' },
        metafields: { nodes: [{ key: 'fabric' }] },
        variants: { nodes: [{ metafields: { nodes: [] }, inventoryItem: { tracked: false } }] },
        collections: { nodes: [{ metafields: expect.any(Object) }] },
      });
      const seeded = (await db.query(`select id from products where shop_id = $1 and handle not in ('collected') order by id limit 1`, [shop.shop.id])).rows[0];
      expect((await gql(`{ product(id: "gid://platform/Product/${seeded.id}") { tracksInventory } }`)).data.product.tracksInventory).toBe(true);
      await publish(product.id);
      expect((await storefront(SF_COLLECTION, { handle: collection.handle })).data.collection.products.nodes.map((n: any) => n.handle)).toContain('collected');
    });

    it('refuses bad input with userErrors on the field at fault, and writes nothing', async () => {
      const tables = ['products', 'product_variants', 'product_options', 'collection_products', 'metafields'];
      const before = await counts(tables);
      const cases: [Record<string, unknown>, { field: string[]; code: string; message?: string }][] = [
        [{}, { field: ['product', 'title'], code: 'BLANK' }],
        [{ title: '   ' }, { field: ['product', 'title'], code: 'BLANK' }],
        [{ title: 'x'.repeat(256) }, { field: ['product', 'title'], code: 'TOO_LONG' }],
        [{ title: 'Ok', handle: 'Not A Handle' }, { field: ['product', 'handle'], code: 'INVALID' }],
        [{ title: 'Ok', handle: 'plain-mug' }, { field: ['product', 'handle'], code: 'TAKEN', message: "Handle 'plain-mug' already in use. Please provide a new handle." }],
        [{ title: 'Ok', tags: ['t'.repeat(256)] }, { field: ['product', 'tags'], code: 'TOO_LONG' }],
        [{ title: 'Ok', productOptions: [1, 2, 3, 4].map((n) => ({ name: `O${n}`, values: [{ name: 'a' }] })) }, { field: ['product', 'productOptions'], code: 'INVALID' }],
        [{ title: 'Ok', productOptions: [{ name: 'Size', values: [] }] }, { field: ['product', 'productOptions', '0', 'values'], code: 'BLANK' }],
        [{ title: 'Ok', productOptions: [{ name: 'Size', values: [{ name: 'S' }, { name: 's' }] }] }, { field: ['product', 'productOptions', '0', 'values', '1', 'name'], code: 'TAKEN' }],
        [{ title: 'Ok', productOptions: [{ name: 'Size', values: [{ name: 'S' }] }, { name: 'size', values: [{ name: 'M' }] }] }, { field: ['product', 'productOptions', '1', 'name'], code: 'TAKEN' }],
        [{ title: 'Ok', collectionsToJoin: ['gid://platform/Collection/999999999'] }, { field: ['product', 'collectionsToJoin'], code: 'NOT_FOUND' }],
        [{ title: 'Ok', collectionsToJoin: ['gid://platform/Product/1'] }, { field: ['product', 'collectionsToJoin'], code: 'NOT_FOUND' }],
        [{ title: 'Ok', metafields: [{ namespace: 'custom', key: 'count', type: 'number_integer', value: 'ten' }] }, { field: ['product', 'metafields', '0', 'value'], code: 'INVALID' }],
        [{ title: 'Ok', seo: { title: 's'.repeat(256) } }, { field: ['product', 'seo', 'title'], code: 'TOO_LONG' }],
      ];
      for (const [product, error] of cases) {
        const answer = await create(product);
        expect(answer.product).toBeNull();
        expect(answer.userErrors).toEqual([expect.objectContaining(error)]);
      }
      // Another shop's collection is not found either.
      const [theirs] = (await db.query(`select id from collections where shop_id = $1 limit 1`, [other.shop.id])).rows;
      expect((await create({ title: 'Ok', collectionsToJoin: [`gid://platform/Collection/${theirs.id}`] })).userErrors).toEqual([expect.objectContaining({ code: 'NOT_FOUND' })]);
      expect(await counts(tables)).toEqual(before);
    });

    it('answers hostile input with the pipeline\'s errors, never a 500', async () => {
      const nul = await gql(CREATE, { product: { title: 'a\u0000b' } });
      expect(nul.status).toBe(200);
      expect(nul.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      const many = await gql(CREATE, { product: { title: 'Many', tags: Array.from({ length: 251 }, (_, i) => `t${i}`) } });
      expect(many.errors[0].extensions.code).toBe('MAX_INPUT_SIZE_EXCEEDED');
      const wrong = await gql(CREATE, { product: { title: 'Bad', status: 'SOLD' } });
      expect(wrong.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      const huge = await create({ title: 'Big', descriptionHtml: 'x'.repeat(600 * 1024) });
      expect(huge.userErrors).toEqual([expect.objectContaining({ field: ['product', 'descriptionHtml'], code: 'TOO_LONG' })]);
    });
  });

  describe('productUpdate', () => {
    it('changes only the fields given; the storefront follows status changes at once', async () => {
      const product = await created({ title: 'Lamp', vendor: 'Lux', tags: ['light'] });
      await publish(product.id);
      expect(await sfHandles()).toContain('lamp');

      const draft = await gql(UPDATE, { product: { id: product.id, status: 'DRAFT', title: 'Desk Lamp' } });
      expect(draft.data.productUpdate).toMatchObject({ userErrors: [], product: { title: 'Desk Lamp', vendor: 'Lux', tags: ['light'], status: 'DRAFT', handle: 'lamp' } });
      expect(await sfHandles()).not.toContain('lamp');
      expect((await storefront(SF_BY_HANDLE, { handle: 'lamp' })).data.product).toBeNull();

      const archived = await gql(UPDATE, { product: { id: product.id, status: 'ARCHIVED' } });
      expect(archived.data.productUpdate.product.status).toBe('ARCHIVED');
      expect((await storefront(SF_BY_HANDLE, { handle: 'lamp' })).data.product).toBeNull();

      const active = await gql(UPDATE, { product: { id: product.id, status: 'ACTIVE', handle: 'desk-lamp', seo: { title: '' } } });
      expect(active.data.productUpdate.product).toMatchObject({ handle: 'desk-lamp', seo: { title: null } });
      expect((await storefront(SF_BY_HANDLE, { handle: 'desk-lamp' })).data.product.title).toBe('Desk Lamp');
    });

    it('UNLISTED (from 2025-10): reachable by handle and id, absent from lists, search and collections; ACTIVE to older versions', async () => {
      const [collection] = (await db.query(`select id, handle from collections where shop_id = $1 order by id limit 1`, [shop.shop.id])).rows;
      const product = await created({ title: 'Secret Sauce', collectionsToJoin: [`gid://platform/Collection/${collection.id}`] });
      await publish(product.id);
      const unlisted = await gql(UPDATE, { product: { id: product.id, status: 'UNLISTED' } }, '2025-10');
      expect(unlisted.data.productUpdate.product.status).toBe('UNLISTED');
      expect((await storefront(SF_BY_HANDLE, { handle: 'secret-sauce' })).data.product.id).toBe(product.id);
      expect((await storefront(`{ node(id: "${product.id}") { id } }`)).data.node).toEqual({ id: product.id });
      expect(await sfHandles()).not.toContain('secret-sauce');
      expect(await sfHandles('Secret')).not.toContain('secret-sauce');
      const searched = (await storefront(`{ search(query: "Secret Sauce", first: 10) { nodes { ... on Product { handle } } } predictiveSearch(query: "Secret") { products { handle } } }`)).data;
      expect(searched.search.nodes.map((n: any) => n.handle)).not.toContain('secret-sauce');
      expect(searched.predictiveSearch.products.map((n: any) => n.handle)).not.toContain('secret-sauce');
      expect((await storefront(SF_COLLECTION, { handle: collection.handle })).data.collection.products.nodes.map((n: any) => n.handle)).not.toContain('secret-sauce');

      const older = await gql(`{ product(id: "${product.id}") { status } }`, {}, '2025-07');
      expect(older.data.product.status).toBe('ACTIVE');
      const refused = await gql(UPDATE, { product: { id: product.id, status: 'UNLISTED' } }, '2025-07');
      expect(refused.data.productUpdate).toMatchObject({ product: null, userErrors: [{ field: ['product', 'status'], code: 'INVALID' }] });
    });

    it('leaves and joins collections; replaces tags', async () => {
      const collections = (await db.query(`select id, handle from collections where shop_id = $1 order by id limit 2`, [shop.shop.id])).rows;
      const [a, b] = collections.map((c: any) => `gid://platform/Collection/${c.id}`);
      const product = await created({ title: 'Mover', collectionsToJoin: [a], tags: ['one'] });
      const moved = await gql(UPDATE, { product: { id: product.id, collectionsToJoin: [b, a], collectionsToLeave: [a], tags: ['two', 'three'] } });
      expect(moved.data.productUpdate.product).toMatchObject({ tags: ['two', 'three'], collections: { nodes: [{ handle: collections[1].handle }] } });
    });

    it("refuses another shop's product, an unknown id, a taken handle and bad fields, changing nothing", async () => {
      const [theirs] = (await db.query(`select id, title from products where shop_id = $1 limit 1`, [other.shop.id])).rows;
      for (const id of [`gid://platform/Product/${theirs.id}`, 'gid://platform/Product/999999999', 'gid://platform/Collection/1', 'nonsense', '']) {
        const answer = await gql(UPDATE, { product: { id, title: 'Mine now' } });
        expect(answer.data.productUpdate).toEqual({ product: null, userErrors: [{ field: ['product', 'id'], message: 'Product does not exist', code: 'NOT_FOUND' }] });
      }
      expect((await db.query(`select title from products where id = $1`, [theirs.id])).rows[0].title).toBe(theirs.title);

      const mine = await created({ title: 'Stays' });
      const taken = await gql(UPDATE, { product: { id: mine.id, handle: 'plain-mug', title: 'Changed' } });
      expect(taken.data.productUpdate.userErrors).toEqual([expect.objectContaining({ field: ['product', 'handle'], code: 'TAKEN' })]);
      const options = await gql(UPDATE, { product: { id: mine.id, title: 'Changed', collectionsToLeave: ['gid://platform/Collection/999999999'] } });
      expect(options.data.productUpdate.userErrors).toEqual([expect.objectContaining({ field: ['product', 'collectionsToLeave'], code: 'NOT_FOUND' })]);
      expect((await gql(`{ product(id: "${mine.id}") { title handle } }`)).data.product).toEqual({ title: 'Stays', handle: 'stays' });
    });
  });

  describe('productDelete', () => {
    it('deletes the product with its variants, options and metafields; the storefront loses it', async () => {
      const product = await created({ title: 'Gone Soon', productOptions: [{ name: 'Size', values: [{ name: 'S' }] }], metafields: [{ namespace: 'custom', key: 'kind', type: 'single_line_text_field', value: 'v' }] });
      await publish(product.id);
      const id = Number(product.id.split('/').pop());
      const deleted = await gql(DELETE, { id: product.id });
      expect(deleted.data.productDelete).toEqual({ deletedProductId: product.id, userErrors: [] });
      expect((await storefront(SF_BY_HANDLE, { handle: 'gone-soon' })).data.product).toBeNull();
      for (const table of ['product_variants', 'product_options']) {
        expect((await db.query(`select count(*)::int as n from ${table} where product_id = $1`, [id])).rows[0].n).toBe(0);
      }
      expect((await db.query(`select count(*)::int as n from metafields where owner_type = 'PRODUCT' and owner_id = $1`, [id])).rows[0].n).toBe(0);
      // Once more: not found.
      expect((await gql(DELETE, { id: product.id })).data.productDelete).toEqual({ deletedProductId: null, userErrors: [{ field: ['input', 'id'], message: 'Product does not exist', code: 'NOT_FOUND' }] });
    });

    it("does not delete another shop's product", async () => {
      const [theirs] = (await db.query(`select id from products where shop_id = $1 limit 1`, [other.shop.id])).rows;
      const answer = await gql(DELETE, { id: `gid://platform/Product/${theirs.id}` });
      expect(answer.data.productDelete.deletedProductId).toBeNull();
      expect((await db.query(`select count(*)::int as n from products where id = $1`, [theirs.id])).rows[0].n).toBe(1);
    });
  });

  describe('publishing and tags', () => {
    it('publishablePublish with a future date, publishableUnpublish, and unknown publications', async () => {
      const product = await created({ title: 'Later' });
      const later = await gql(PUBLISH, { id: product.id, input: [{ publicationId: 'gid://platform/Publication/1', publishDate: '2099-01-01T00:00:00Z' }] });
      expect(later.data.publishablePublish).toEqual({ publishable: { publishedOnCurrentPublication: false, id: product.id }, userErrors: [] });
      expect((await storefront(SF_BY_HANDLE, { handle: 'later' })).data.product).toBeNull();
      await publish(product.id);
      expect((await storefront(SF_BY_HANDLE, { handle: 'later' })).data.product).not.toBeNull();
      const off = await gql(UNPUBLISH, { id: product.id });
      expect(off.data.publishableUnpublish).toEqual({ publishable: { publishedOnCurrentPublication: false }, userErrors: [] });
      expect((await storefront(SF_BY_HANDLE, { handle: 'later' })).data.product).toBeNull();
      const unknown = await gql(PUBLISH, { id: product.id, input: [{ publicationId: 'gid://platform/Publication/2' }] });
      expect(unknown.data.publishablePublish.userErrors).toEqual([{ field: ['input', '0', 'publicationId'], message: 'Publication does not exist', code: 'NOT_FOUND' }]);
    });

    it('tagsAdd and tagsRemove change a product\'s tags', async () => {
      const product = await created({ title: 'Tagged', tags: ['a'] });
      const added = await gql(`mutation($id: ID!) { tagsAdd(id: $id, tags: ["b, c", "A"]) { node { ... on Product { tags } } ${ERRORS} } }`, { id: product.id });
      expect(added.data.tagsAdd).toEqual({ node: { tags: ['a', 'b', 'c'] }, userErrors: [] });
      const removed = await gql(`mutation($id: ID!) { tagsRemove(id: $id, tags: ["B"]) { node { ... on Product { tags } } ${ERRORS} } }`, { id: product.id });
      expect(removed.data.tagsRemove.node.tags).toEqual(['a', 'c']);
    });
  });

  describe('scopes', () => {
    it('needs write_products for every write', async () => {
      const reader = (await t.app.get(AuthService).installApp(shop.shop.id, 'reader', 'read_products')).adminAccessToken;
      const before = await count('products');
      const res = await gqlAs(shop, reader, CREATE, { product: { title: 'Nope' } });
      expect(res.errors[0].extensions.code).toBe('ACCESS_DENIED');
      expect(res.data?.productCreate ?? null).toBeNull();
      expect(await count('products')).toBe(before);
    });
  });
});
