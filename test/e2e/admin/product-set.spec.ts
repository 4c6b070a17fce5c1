import pg from 'pg';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { adminQuery } from '../../support/http.js';

type Gql = { status: number; data?: any; errors?: any };

const PRODUCT = `id title handle vendor tags options { name values } variants(first: 20) { nodes { id title price sku position } }
  collections(first: 5) { nodes { id } } metafields(first: 5) { nodes { namespace key value } }`;
const SET = `mutation($input: ProductSetInput!, $identifier: ProductSetIdentifiers, $synchronous: Boolean) {
  productSet(input: $input, identifier: $identifier, synchronous: $synchronous) { product { ${PRODUCT} } productSetOperation { id status userErrors { code } } userErrors { field message code } } }`;
const OPERATION = `query($id: ID!) { productOperation(id: $id) { status product { id title } ... on ProductSetOperation { userErrors { field code } } } }`;

const size = (name: string) => ({ optionName: 'Size', name });

// productSet: an upsert with its lists replaced (what they leave out is deleted), all or nothing, now or in the
// background (productOperation).
describe('admin GraphQL productSet', () => {
  let t: TestApp;
  let shop: TestShop;
  let db: pg.Client;
  let collections: string[];

  beforeAll(async () => {
    t = await createTestApp({}, { adminGraphql: { capacity: 1e9, leakPerSecond: 1e9 } });
    shop = await t.seedShop('acme', { products: 2, customers: 0, orders: 0, seed: 3 });
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    collections = (await db.query(`select id from collections where shop_id = $1 order by id limit 2`, [shop.shop.id])).rows.map((r: any) => `gid://platform/Collection/${r.id}`);
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const gql = async (query: string, variables: Record<string, unknown> = {}): Promise<Gql> => {
    const res = await adminQuery(t.app, shop.host, shop.tokens.adminAccessToken, query, { variables });
    return { status: res.status, ...res.body };
  };
  const set = async (input: Record<string, unknown>, identifier?: Record<string, unknown>, synchronous?: boolean) => {
    const res = await gql(SET, { input, identifier, synchronous });
    expect(res.errors).toBeUndefined();
    return res.data.productSet;
  };

  it('creates by handle, then replaces its lists: variants kept by id or values, others made, the rest deleted', async () => {
    const created = await set(
      {
        title: 'Set Tee',
        vendor: 'Setters',
        productOptions: [{ name: 'Size', values: [{ name: 'S' }, { name: 'M' }] }],
        variants: [{ optionValues: [size('S')], price: '10', inventoryItem: { sku: 'SET-S' } }, { optionValues: [size('M')], price: '11' }],
        collections: [collections[0]],
        metafields: [{ namespace: 'custom', key: 'alpha', type: 'single_line_text_field', value: '1' }, { namespace: 'custom', key: 'beta', type: 'single_line_text_field', value: '2' }],
      },
      { handle: 'set-tee' },
    );
    expect(created.userErrors).toEqual([]);
    const product = created.product;
    expect(product).toMatchObject({ title: 'Set Tee', handle: 'set-tee', options: [{ name: 'Size', values: ['S', 'M'] }], collections: { nodes: [{ id: collections[0] }] } });
    expect(product.variants.nodes.map((v: any) => [v.title, v.price, v.sku, v.position])).toEqual([['S', '10.00', 'SET-S', 1], ['M', '11.00', null, 2]]);
    const [s, m] = product.variants.nodes;

    const again = await set(
      {
        vendor: 'Setters 2',
        productOptions: [{ name: 'Size', values: [{ name: 'M' }, { name: 'L' }] }],
        variants: [{ optionValues: [size('L')], price: '12' }, { id: m.id, optionValues: [size('M')], price: '15' }],
        collections: [collections[1]],
        metafields: [{ namespace: 'custom', key: 'beta', type: 'single_line_text_field', value: 'two' }],
      },
      { handle: 'set-tee' },
    );
    expect(again.userErrors).toEqual([]);
    expect(again.product).toMatchObject({ id: product.id, title: 'Set Tee', vendor: 'Setters 2', options: [{ name: 'Size', values: ['M', 'L'] }], collections: { nodes: [{ id: collections[1] }] } });
    expect(again.product.variants.nodes.map((v: any) => [v.title, v.price, v.position])).toEqual([['L', '12.00', 1], ['M', '15.00', 2]]);
    expect(again.product.variants.nodes[1].id).toBe(m.id);
    expect(again.product.variants.nodes.map((v: any) => v.id)).not.toContain(s.id);
    expect(again.product.metafields.nodes).toEqual([{ namespace: 'custom', key: 'beta', value: 'two' }]);

    const byId = await set({ title: 'Set Tee Renamed' }, { id: product.id });
    expect(byId.product).toMatchObject({ id: product.id, title: 'Set Tee Renamed', vendor: 'Setters 2' });
    expect(byId.product.variants.nodes).toHaveLength(2);
  });

  it("makes a new product whole in one write: its listed variants with their inventory items and metafields, no default variant first", async () => {
    const lastVariantId = async () => Number((await db.query(`select coalesce(max(id), 0) as id from product_variants`)).rows[0].id);
    const before = await lastVariantId();
    const created = await set({
      title: 'Whole Tee',
      productOptions: [{ name: 'Size', values: [{ name: 'S' }] }],
      variants: [
        { optionValues: [size('S')], price: '5', barcode: '0001', taxable: false, inventoryItem: { sku: 'WHOLE-S', tracked: true, cost: '2.5' }, metafields: [{ namespace: 'custom', key: 'fit', type: 'single_line_text_field', value: 'slim' }] },
        // A value the option does not list joins it, as on an existing product.
        { optionValues: [size('XL')], price: '6' },
      ],
    });
    expect(created.userErrors).toEqual([]);
    expect(created.product.options).toEqual([{ name: 'Size', values: ['S', 'XL'] }]);
    const ids = created.product.variants.nodes.map((v: any) => Number(v.id.split('/').pop()));
    // The listed variants are the first made since: no default variant was written and replaced.
    expect(ids).toEqual([before + 1, before + 2]);
    const rows = (await db.query(`select barcode, taxable, tracked, unit_cost::text, available_for_sale, inventory_quantity from product_variants where id = any($1) order by position`, [ids])).rows;
    expect(rows).toEqual([
      { barcode: '0001', taxable: false, tracked: true, unit_cost: '2.50', available_for_sale: false, inventory_quantity: 0 },
      { barcode: null, taxable: true, tracked: false, unit_cost: null, available_for_sale: true, inventory_quantity: 0 },
    ]);
    const metafields = (await db.query(`select owner_id::int, key, value from metafields where owner_type = 'PRODUCTVARIANT' and owner_id = any($1)`, [ids])).rows;
    expect(metafields).toEqual([{ owner_id: ids[0], key: 'fit', value: 'slim' }]);
    const levels = (await db.query(`select count(*)::int as n from inventory_levels where variant_id = any($1)`, [ids])).rows[0].n;
    expect(levels).toBe(2);
  });

  it("answers a new product's problems all at once: its fields' and its variants'", async () => {
    const answer = await set({ title: '', vendor: 'v'.repeat(300), productOptions: [{ name: 'Size', values: [{ name: 'S' }] }], variants: [{ optionValues: [size('S')], price: '-1' }] });
    expect(answer.product).toBeNull();
    expect(answer.userErrors.map((e: any) => e.field.join('.'))).toEqual(expect.arrayContaining(['input.title', 'input.vendor', 'input.variants.0.price']));
  });

  it('refuses with the hosted codes and writes nothing: unknown id, mismatched ids, repeated values, too many options', async () => {
    const count = async () => (await db.query(`select (select count(*) from products where shop_id = $1)::int as p, (select count(*) from product_variants where shop_id = $1)::int as v`, [shop.shop.id])).rows[0];
    const before = await count();
    const cases: [Record<string, unknown>, Record<string, unknown> | undefined, string][] = [
      [{ title: 'X' }, { id: 'gid://platform/Product/999999999' }, 'NOT_FOUND'],
      [{ title: 'X', id: 'gid://platform/Product/1' }, { id: 'gid://platform/Product/2' }, 'INPUT_MISMATCH'],
      [{ title: '' }, undefined, 'INVALID_INPUT'],
      [{ title: 'X', productOptions: [{ name: 'Size', values: [{ name: 'S' }] }], variants: [{ optionValues: [size('S')] }, { optionValues: [size('S')] }] }, undefined, 'VARIANT_ALREADY_EXISTS'],
      [{ title: 'X', productOptions: ['A', 'B', 'C', 'D'].map((name) => ({ name, values: [{ name: 'x' }] })), variants: [{ optionValues: [] }] }, undefined, 'OPTIONS_OVER_LIMIT'],
      [{ title: 'X', productOptions: [{ name: 'Size', values: [{ name: 'S' }] }], variants: [{ optionValues: [size('S')], price: '-1' }] }, undefined, 'INVALID_INPUT'],
      [{ title: 'X', collections: ['gid://platform/Collection/999999999'] }, undefined, 'NOT_FOUND'],
    ];
    for (const [input, identifier, code] of cases) {
      const answer = await set(input, identifier);
      expect(answer.product).toBeNull();
      expect(answer.userErrors.map((e: any) => e.code)).toContain(code);
    }
    expect(await count()).toEqual(before);
  });

  it('upserts by custom id: made with its id metafield, then found and changed; the lookups find it by the same id', async () => {
    const customId = { namespace: 'erp', key: 'sku_id', value: 'ERP-42' };
    const made = await set({ title: 'Custom Tee', metafields: [{ namespace: 'care', key: 'wash', type: 'single_line_text_field', value: 'cold' }] }, { customId });
    expect(made.userErrors).toEqual([]);
    expect(made.product.metafields.nodes).toEqual(expect.arrayContaining([{ namespace: 'erp', key: 'sku_id', value: 'ERP-42' }, { namespace: 'care', key: 'wash', value: 'cold' }]));
    // The same call again finds it: same product, its metafields replaced but its custom id kept.
    const again = await set({ title: 'Custom Tee 2', metafields: [] }, { customId });
    expect(again.product.id).toBe(made.product.id);
    expect(again.product).toMatchObject({ title: 'Custom Tee 2', metafields: { nodes: [{ namespace: 'erp', key: 'sku_id', value: 'ERP-42' }] } });

    const lookup = `query($c: UniqueMetafieldValueInput!) { productByIdentifier(identifier: { customId: $c }) { id title } }`;
    expect((await gql(lookup, { c: customId })).data.productByIdentifier).toEqual({ id: made.product.id, title: 'Custom Tee 2' });
    for (const c of [{ ...customId, value: 'ERP-43' }, { ...customId, namespace: 'other' }, { ...customId, key: 'x' }, { ...customId, value: 'a\u0000b' }, { key: 'sku_id', value: 'ERP-42' }]) {
      const res = await gql(lookup, { c });
      const answer = res.errors ? res.errors[0].extensions.code : res.data.productByIdentifier;
      expect({ c, answer }).toEqual({ c, answer: c.value.includes('\u0000') ? 'BAD_USER_INPUT' : null });
    }
    const both = await gql(`query($c: UniqueMetafieldValueInput!, $h: String!) { productByIdentifier(identifier: { customId: $c, handle: $h }) { id } }`, { c: customId, h: 'x' });
    expect(both.errors?.[0]?.extensions?.code).toBeDefined();

    const collection = collections[0]!;
    const tagged = await gql(`mutation($m: [MetafieldsSetInput!]!) { metafieldsSet(metafields: $m) { userErrors { field code } } }`, {
      m: [{ ownerId: collection, namespace: 'erp', key: 'group_id', type: 'id', value: 'G-7' }],
    });
    expect(tagged.data.metafieldsSet.userErrors).toEqual([]);
    const byCollection = await gql(`{ collectionByIdentifier(identifier: { customId: { namespace: "erp", key: "group_id", value: "G-7" } }) { id } }`);
    expect(byCollection.data.collectionByIdentifier).toEqual({ id: collection });
    // A custom id is a metafield of type id: another type with the same value is no custom id.
    await gql(`mutation($m: [MetafieldsSetInput!]!) { metafieldsSet(metafields: $m) { userErrors { code } } }`, { m: [{ ownerId: collection, namespace: 'erp', key: 'label', type: 'single_line_text_field', value: 'L-1' }] });
    expect((await gql(`{ collectionByIdentifier(identifier: { customId: { namespace: "erp", key: "label", value: "L-1" } }) { id } }`)).data.collectionByIdentifier).toBeNull();

    const bad = await set({ title: 'Bad id' }, { customId: { namespace: 'erp', key: 'k', value: 'v' } });
    expect(bad).toMatchObject({ product: null, userErrors: [{ field: ['identifier', 'customId', 'key'], code: 'INVALID_INPUT' }] });
  });

  it('synchronous: false answers a CREATED operation that productOperation reports until COMPLETE', async () => {
    const started = await set({ title: 'Later Tee', productOptions: [{ name: 'Size', values: [{ name: 'S' }] }], variants: [{ optionValues: [size('S')], price: '9' }] }, undefined, false);
    expect(started.product).toBeNull();
    expect(started.productSetOperation).toEqual({ id: expect.stringMatching(/^gid:\/\/platform\/ProductSetOperation\/\d+$/), status: 'CREATED', userErrors: [] });
    let operation: any;
    for (let i = 0; i < 100; i++) {
      operation = (await gql(OPERATION, { id: started.productSetOperation.id })).data.productOperation;
      if (operation.status === 'COMPLETE') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(operation).toMatchObject({ status: 'COMPLETE', product: { title: 'Later Tee' }, userErrors: [] });

    const failing = await set({ title: 'X' }, { id: 'gid://platform/Product/999999999' }, false);
    let failed: any;
    for (let i = 0; i < 100; i++) {
      failed = (await gql(OPERATION, { id: failing.productSetOperation.id })).data.productOperation;
      if (failed.status === 'COMPLETE') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(failed).toEqual({ status: 'COMPLETE', product: null, userErrors: [{ field: ['identifier', 'id'], code: 'NOT_FOUND' }] });
    expect((await gql(OPERATION, { id: 'gid://platform/ProductSetOperation/999999' })).data.productOperation).toBeNull();
  });
});
