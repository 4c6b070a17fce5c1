import pg from 'pg';
import { AuthService } from '@platform/auth';
import { sqlDuring } from '../../support/sql.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { adminQuery, storefrontQuery } from '../../support/http.js';

type Gql = { status: number; data?: any; errors?: any };

const ERRORS = 'userErrors { field message code }';
const PRODUCT = `id variantsCount { count } priceRangeV2 { minVariantPrice { amount } maxVariantPrice { amount } }
  options { id name position values optionValues { id name hasVariants } }
  variants(first: 50) { nodes { id title price compareAtPrice sku barcode taxable position availableForSale selectedOptions { name value } } }`;
const CREATE_PRODUCT = `mutation($product: ProductCreateInput!) { productCreate(product: $product) { product { ${PRODUCT} } ${ERRORS} } }`;
const BULK_CREATE = `mutation($productId: ID!, $variants: [ProductVariantsBulkInput!]!, $strategy: ProductVariantsBulkCreateStrategy) {
  productVariantsBulkCreate(productId: $productId, variants: $variants, strategy: $strategy) { product { ${PRODUCT} } productVariants { id title price } ${ERRORS} } }`;
const BULK_UPDATE = `mutation($productId: ID!, $variants: [ProductVariantsBulkInput!]!, $partial: Boolean) {
  productVariantsBulkUpdate(productId: $productId, variants: $variants, allowPartialUpdates: $partial) { product { ${PRODUCT} } productVariants { id title price compareAtPrice } ${ERRORS} } }`;
const BULK_DELETE = `mutation($productId: ID!, $ids: [ID!]!) { productVariantsBulkDelete(productId: $productId, variantsIds: $ids) { product { ${PRODUCT} } ${ERRORS} } }`;

const size = (name: string) => ({ optionName: 'Size', name });

// productVariantsBulkCreate, Update and Delete: the hosted rules one by one, all or nothing, the storefront following,
// and the variant-creation limit.
describe('admin GraphQL variants: productVariantsBulkCreate, Update, Delete', () => {
  let t: TestApp;
  let shop: TestShop;
  let other: TestShop;
  let db: pg.Client;

  beforeAll(async () => {
    t = await createTestApp({}, { adminGraphql: { capacity: 1e9, leakPerSecond: 1e9 } });
    shop = await t.seedShop('acme', { products: 2, customers: 0, orders: 0, seed: 3 });
    other = await t.seedShop('other', { products: 2, customers: 0, orders: 0, seed: 9 });
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const gql = async (query: string, variables: Record<string, unknown> = {}, target: TestShop = shop, token = target.tokens.adminAccessToken): Promise<Gql> => {
    const res = await adminQuery(t.app, target.host, token, query, { variables });
    return { status: res.status, ...res.body };
  };
  const variantCount = async (shopId = shop.shop.id) => (await db.query(`select count(*)::int as n from product_variants where shop_id = $1`, [shopId])).rows[0].n as number;
  const newProduct = async (product: Record<string, unknown>, target: TestShop = shop) => {
    const res = await gql(CREATE_PRODUCT, { product }, target);
    expect(res.data.productCreate.userErrors).toEqual([]);
    return res.data.productCreate.product;
  };
  const sized = () => newProduct({ title: `Tee ${Math.random()}`, productOptions: [{ name: 'Size', values: [{ name: 'S' }] }] });
  const bulkCreate = async (productId: string, variants: unknown[], strategy?: string) => (await gql(BULK_CREATE, { productId, variants, strategy })).data.productVariantsBulkCreate;
  const bulkUpdate = async (productId: string, variants: unknown[], partial?: boolean) => (await gql(BULK_UPDATE, { productId, variants, partial })).data.productVariantsBulkUpdate;

  describe('productVariantsBulkCreate', () => {
    it('adds variants after the existing one, with their fields; the product and the storefront follow', async () => {
      const product = await sized();
      const answer = await bulkCreate(product.id, [
        { price: '10', optionValues: [size('M')] },
        { price: '12.50', compareAtPrice: '15.00', barcode: '0123456789012', inventoryItem: { sku: 'TEE-L' }, taxable: false, optionValues: [size('L')] },
      ]);
      expect(answer.userErrors).toEqual([]);
      expect(answer.productVariants.map((v: any) => [v.title, v.price])).toEqual([['M', '10.00'], ['L', '12.50']]);
      expect(answer.product).toMatchObject({
        variantsCount: { count: 3 },
        priceRangeV2: { minVariantPrice: { amount: '0.00' }, maxVariantPrice: { amount: '12.50' } },
        options: [{ name: 'Size', position: 1, values: ['S', 'M', 'L'], optionValues: [{ id: expect.any(String), name: 'S', hasVariants: true }, { id: expect.any(String), name: 'M', hasVariants: true }, { id: expect.any(String), name: 'L', hasVariants: true }] }],
      });
      expect(answer.product.variants.nodes.map((v: any) => [v.title, v.position, v.sku, v.barcode, v.taxable, v.compareAtPrice, v.availableForSale])).toEqual([
        ['S', 1, null, null, true, null, true],
        ['M', 2, null, null, true, null, true],
        ['L', 3, 'TEE-L', '0123456789012', false, '15.00', true],
      ]);
      const found = await gql(`{ products(first: 5, query: "barcode:0123456789012") { nodes { id } } }`);
      expect(found.data.products.nodes).toEqual([{ id: product.id }]);

      await gql(`mutation($id: ID!) { publishablePublish(id: $id, input: [{ publicationId: "gid://platform/Publication/1" }]) { ${ERRORS} } }`, { id: product.id });
      const handle = (await db.query(`select handle from products where id = $1`, [Number(product.id.split('/').pop())])).rows[0].handle;
      const sf = await storefrontQuery(t.app, shop.host, `{ product(handle: "${handle}") { priceRange { maxVariantPrice { amount } } variants(first: 5) { nodes { title price { amount } } } } }`);
      expect(sf.body.data.product).toEqual({
        priceRange: { maxVariantPrice: { amount: '12.50' } },
        variants: { nodes: [{ title: 'S', price: { amount: '0.00' } }, { title: 'M', price: { amount: '10.00' } }, { title: 'L', price: { amount: '12.50' } }] },
      });
    });

    it('DEFAULT removes a lone default variant; PRESERVE keeps a lone custom one; REMOVE removes it', async () => {
      const plain = await newProduct({ title: 'Plain' });
      const made = await bulkCreate(plain.id, [{ price: '1', optionValues: [{ optionName: 'Title', name: 'Red' }] }, { price: '2', optionValues: [{ optionName: 'Title', name: 'Blue' }] }]);
      expect(made.userErrors).toEqual([]);
      expect(made.product.variants.nodes.map((v: any) => [v.title, v.position])).toEqual([['Red', 1], ['Blue', 2]]);
      expect(made.product.options[0].values).toEqual(['Red', 'Blue']);

      const kept = await sized();
      expect((await bulkCreate(kept.id, [{ optionValues: [size('M')] }])).product.variants.nodes.map((v: any) => v.title)).toEqual(['S', 'M']);
      const preserved = await sized();
      expect((await bulkCreate(preserved.id, [{ optionValues: [size('M')] }], 'PRESERVE_STANDALONE_VARIANT')).product.variants.nodes.map((v: any) => v.title)).toEqual(['S', 'M']);
      const removed = await sized();
      const answer = await bulkCreate(removed.id, [{ optionValues: [size('M')] }], 'REMOVE_STANDALONE_VARIANT');
      expect(answer.product.variants.nodes.map((v: any) => [v.title, v.position])).toEqual([['M', 1]]);
      expect(answer.product.options[0].optionValues.map((v: any) => [v.name, v.hasVariants])).toEqual([['S', false], ['M', true]]);
    });

    it('refuses each problem with its hosted code on its field, writing nothing', async () => {
      const product = await sized();
      const before = await variantCount();
      const [theirs] = (await db.query(`select id from products where shop_id = $1 limit 1`, [other.shop.id])).rows;
      const cases: [string, unknown[], { field: string[] | null; code: string }][] = [
        [product.id, [{ price: '-1', optionValues: [size('M')] }], { field: ['variants', '0', 'price'], code: 'GREATER_THAN_OR_EQUAL_TO' }],
        [product.id, [{ price: '1.999', optionValues: [size('M')] }], { field: ['variants', '0', 'price'], code: 'INVALID' }],
        [product.id, [{ price: '1' }], { field: ['variants', '0', 'optionValues'], code: 'NEED_TO_ADD_OPTION_VALUES' }],
        [product.id, [{ optionValues: [{ optionName: 'Colour', name: 'Red' }] }], { field: ['variants', '0', 'optionValues', '0'], code: 'OPTION_DOES_NOT_EXIST' }],
        [product.id, [{ optionValues: [size('M'), { optionName: 'Colour', name: 'Red' }] }], { field: ['variants', '0', 'optionValues', '1'], code: 'OPTION_VALUES_FOR_NUMBER_OF_UNKNOWN_OPTIONS' }],
        [product.id, [{ optionValues: [size('S')] }], { field: ['variants', '0'], code: 'VARIANT_ALREADY_EXISTS' }],
        [product.id, [{ optionValues: [size('M')] }, { optionValues: [size('M')] }], { field: ['variants', '1'], code: 'VARIANT_ALREADY_EXISTS' }],
        [product.id, [{ id: 'gid://platform/ProductVariant/1', optionValues: [size('M')] }], { field: ['variants', '0', 'id'], code: 'NO_KEY_ON_CREATE' }],
        [product.id, [{ optionValues: [size('x'.repeat(256))] }], { field: ['variants', '0', 'optionValues', '0', 'name'], code: 'INVALID' }],
        [`gid://platform/Product/${theirs.id}`, [{ optionValues: [size('M')] }], { field: ['productId'], code: 'PRODUCT_DOES_NOT_EXIST' }],
        ['gid://platform/Collection/1', [{ optionValues: [size('M')] }], { field: ['productId'], code: 'PRODUCT_DOES_NOT_EXIST' }],
      ];
      for (const [productId, variants, error] of cases) {
        const answer = await bulkCreate(productId, variants);
        expect(answer).toMatchObject({ product: null, productVariants: null });
        expect(answer.userErrors).toEqual([expect.objectContaining(error)]);
      }
      expect(await variantCount()).toBe(before);
      const hostile = await gql(BULK_CREATE, { productId: product.id, variants: Array.from({ length: 251 }, (_, i) => ({ optionValues: [size(`v${i}`)] })) });
      expect(hostile.errors[0].extensions.code).toBe('MAX_INPUT_SIZE_EXCEEDED');
      const float = await gql(BULK_CREATE, { productId: product.id, variants: [{ price: 1.5, optionValues: [size('Q')] }] });
      expect(float.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(await variantCount()).toBe(before);
    });

    it('costs 10 however many variants it creates (a mutation field, its payload within)', async () => {
      const product = await sized();
      const variants = Array.from({ length: 30 }, (_, i) => ({ optionValues: [size(`c${i}`)] }));
      const res = await adminQuery(t.app, shop.host, shop.tokens.adminAccessToken, `mutation($id: ID!, $v: [ProductVariantsBulkInput!]!) { productVariantsBulkCreate(productId: $id, variants: $v) { userErrors { code } } }`, { variables: { id: product.id, v: variants } });
      expect(res.body.data.productVariantsBulkCreate.userErrors).toEqual([]);
      expect(res.body.extensions.cost.requestedQueryCost).toBe(10);
    });

    it('runs the same statements for 2 variants as for 40', async () => {
      const statementsFor = async (n: number) => {
        const product = await sized();
        const variants = Array.from({ length: n }, (_, i) => ({ price: String(i + 1), optionValues: [size(`v${i}`)] }));
        const { result, statements } = await sqlDuring(() => bulkCreate(product.id, variants));
        expect(result.userErrors).toEqual([]);
        return statements.length;
      };
      expect(await statementsFor(40)).toBe(await statementsFor(2));
    });
  });

  describe('productVariantsBulkUpdate', () => {
    it('changes the fields given; a new option value joins the option; the storefront follows', async () => {
      const product = await sized();
      const [variant] = (await bulkCreate(product.id, [{ price: '5', compareAtPrice: '9', optionValues: [size('M')] }])).productVariants;
      const answer = await bulkUpdate(product.id, [{ id: variant.id, price: '7.25', compareAtPrice: null, optionValues: [size('XL')] }]);
      expect(answer.userErrors).toEqual([]);
      expect(answer.productVariants).toEqual([{ id: variant.id, title: 'XL', price: '7.25', compareAtPrice: null }]);
      expect(answer.product.options[0].optionValues.map((v: any) => [v.name, v.hasVariants])).toEqual([['S', true], ['M', false], ['XL', true]]);
      expect(answer.product.priceRangeV2.maxVariantPrice.amount).toBe('7.25');
    });

    it('all or nothing by default; allowPartialUpdates saves the valid variants and reports the others', async () => {
      const product = await sized();
      const [m, l] = (await bulkCreate(product.id, [{ price: '5', optionValues: [size('M')] }, { price: '6', optionValues: [size('L')] }])).productVariants;
      const bad = [{ id: m.id, price: '8' }, { id: l.id, price: '-2' }];
      const refused = await bulkUpdate(product.id, bad);
      expect(refused).toMatchObject({ product: null, userErrors: [{ field: ['variants', '1', 'price'], code: 'GREATER_THAN_OR_EQUAL_TO' }] });
      expect((await db.query(`select price from product_variants where id = $1`, [Number(m.id.split('/').pop())])).rows[0].price).toBe('5.00');

      const partial = await bulkUpdate(product.id, bad, true);
      expect(partial.userErrors).toEqual([expect.objectContaining({ field: ['variants', '1', 'price'], code: 'GREATER_THAN_OR_EQUAL_TO' })]);
      expect(partial.productVariants).toEqual([expect.objectContaining({ id: m.id, price: '8.00' })]);
    });

    it('refuses unknown, foreign and missing ids, and clashing combinations', async () => {
      const product = await sized();
      const [m] = (await bulkCreate(product.id, [{ optionValues: [size('M')] }])).productVariants;
      const [theirs] = (await db.query(`select id from product_variants where shop_id = $1 limit 1`, [other.shop.id])).rows;
      const cases: [unknown[], { field: string[]; code: string }][] = [
        [[{ id: `gid://platform/ProductVariant/${theirs.id}`, price: '1' }], { field: ['variants', '0', 'id'], code: 'PRODUCT_VARIANT_DOES_NOT_EXIST' }],
        [[{ id: 'gid://platform/ProductVariant/999999999', price: '1' }], { field: ['variants', '0', 'id'], code: 'PRODUCT_VARIANT_DOES_NOT_EXIST' }],
        [[{ price: '1' }], { field: ['variants', '0', 'id'], code: 'PRODUCT_VARIANT_ID_MISSING' }],
        [[{ id: m.id, optionValues: [size('S')] }], { field: ['variants', '0'], code: 'VARIANT_ALREADY_EXISTS' }],
      ];
      for (const [variants, error] of cases) {
        expect((await bulkUpdate(product.id, variants)).userErrors).toEqual([expect.objectContaining(error)]);
      }
      expect((await db.query(`select price from product_variants where id = $1`, [theirs.id])).rows[0].price).not.toBe('1.00');
    });
  });

  describe('productVariantsBulkDelete', () => {
    it('deletes variants and numbers the rest; never the last one, never another product\'s', async () => {
      const product = await sized();
      const [m, l] = (await bulkCreate(product.id, [{ optionValues: [size('M')] }, { optionValues: [size('L')] }])).productVariants;
      const deleted = (await gql(BULK_DELETE, { productId: product.id, ids: [m.id] })).data.productVariantsBulkDelete;
      expect(deleted.userErrors).toEqual([]);
      expect(deleted.product.variants.nodes.map((v: any) => [v.title, v.position])).toEqual([['S', 1], ['L', 2]]);

      const first = deleted.product.variants.nodes[0].id;
      const all = (await gql(BULK_DELETE, { productId: product.id, ids: [first, l.id] })).data.productVariantsBulkDelete;
      expect(all.userErrors).toEqual([expect.objectContaining({ field: ['variantsIds'], code: 'CANNOT_DELETE_LAST_VARIANT' })]);
      const elsewhere = await sized();
      const foreign = (await gql(BULK_DELETE, { productId: elsewhere.id, ids: [l.id] })).data.productVariantsBulkDelete;
      expect(foreign.userErrors).toEqual([expect.objectContaining({ field: ['variantsIds'], code: 'AT_LEAST_ONE_VARIANT_DOES_NOT_BELONG_TO_THE_PRODUCT' })]);
      expect((await gql(`{ product(id: "${product.id}") { variantsCount { count } } }`)).data.product.variantsCount.count).toBe(2);
    });
  });

  describe('productOptionsCreate', () => {
    const OPTIONS = `mutation($id: ID!, $options: [OptionCreateInput!]!, $strategy: ProductOptionCreateVariantStrategy) {
      productOptionsCreate(productId: $id, options: $options, variantStrategy: $strategy) { product { ${PRODUCT} } userErrors { field message code } } }`;
    const optionsCreate = async (id: string, options: unknown[], strategy?: string) => (await gql(OPTIONS, { id, options, strategy })).data.productOptionsCreate;

    it('replaces the default Title option; LEAVE_AS_IS gives variants the first values; CREATE makes the new combinations', async () => {
      const plain = await newProduct({ title: 'Optionless' });
      const left = await optionsCreate(plain.id, [{ name: 'Color', values: [{ name: 'Red' }, { name: 'Blue' }] }]);
      expect(left.userErrors).toEqual([]);
      expect(left.product.options.map((o: any) => [o.name, o.position, o.values])).toEqual([['Color', 1, ['Red', 'Blue']]]);
      expect(left.product.variants.nodes.map((v: any) => v.title)).toEqual(['Red']);

      const created = await optionsCreate(plain.id, [{ name: 'Size', values: [{ name: 'S' }, { name: 'M' }] }], 'CREATE');
      expect(created.userErrors).toEqual([]);
      expect(created.product.options.map((o: any) => o.name)).toEqual(['Color', 'Size']);
      expect(created.product.variants.nodes.map((v: any) => v.title)).toEqual(['Red / S', 'Red / M', 'Blue / S', 'Blue / M']);
      expect(created.product.variantsCount.count).toBe(4);
    });

    it('refuses taken, repeated, blank and too many options with the hosted codes, writing nothing', async () => {
      const product = await sized();
      const before = await variantCount();
      const cases: [unknown[], string, string[]][] = [
        [[{ name: 'size', values: [{ name: 'x' }] }], 'OPTION_ALREADY_EXISTS', ['options', '0', 'name']],
        [[{ name: 'A', values: [{ name: 'x' }] }, { name: 'a', values: [{ name: 'y' }] }], 'DUPLICATED_OPTION_NAME', ['options', '1', 'name']],
        [[{ name: ' ', values: [{ name: 'x' }] }], 'OPTION_NAME_MISSING', ['options', '0', 'name']],
        [[{ name: 'A', values: [] }], 'OPTION_VALUES_MISSING', ['options', '0', 'values']],
        [[{ name: 'A', values: [{ name: 'x' }, { name: 'X' }] }], 'DUPLICATED_OPTION_VALUE', ['options', '0', 'values', '1', 'name']],
        [[{ name: 'A', values: [{ name: 'x' }] }, { name: 'B', values: [{ name: 'y' }] }, { name: 'C', values: [{ name: 'z' }] }], 'OPTIONS_OVER_LIMIT', ['options']],
      ];
      for (const [options, code, field] of cases) {
        const answer = await optionsCreate(product.id, options);
        expect(answer.product).toBeNull();
        expect(answer.userErrors).toEqual(expect.arrayContaining([expect.objectContaining({ code, field })]));
      }
      const values = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `v${i}` }));
      const huge = await optionsCreate(product.id, [{ name: 'A', values: values(50) }, { name: 'B', values: values(50) }], 'CREATE');
      expect(huge.userErrors).toEqual([expect.objectContaining({ code: 'TOO_MANY_VARIANTS_CREATED', field: ['options'] })]);
      expect(await variantCount()).toBe(before);
      expect((await optionsCreate('gid://platform/Product/999999999', [{ name: 'A', values: [{ name: 'x' }] }])).userErrors).toEqual([expect.objectContaining({ code: 'PRODUCT_DOES_NOT_EXIST', field: ['productId'] })]);
    });
  });

  describe('productOptionsDelete', () => {
    const DELETE_OPTIONS = `mutation($id: ID!, $options: [ID!]!, $strategy: ProductOptionDeleteStrategy) {
      productOptionsDelete(productId: $id, options: $options, strategy: $strategy) { deletedOptionsIds product { ${PRODUCT} } userErrors { field message code } } }`;
    const OPTIONS = `mutation($id: ID!, $options: [OptionCreateInput!]!) { productOptionsCreate(productId: $id, options: $options, variantStrategy: CREATE) { product { ${PRODUCT} } userErrors { code } } }`;
    const twoOptions = async () => {
      const product = await newProduct({ title: `Two ${Math.random()}`, productOptions: [{ name: 'Color', values: [{ name: 'Red' }, { name: 'Blue' }] }] });
      const made = (await gql(OPTIONS, { id: product.id, options: [{ name: 'Size', values: [{ name: 'S' }, { name: 'M' }] }] })).data.productOptionsCreate;
      expect(made.userErrors).toEqual([]);
      return made.product;
    };

    it('POSITION deletes an option, merging variants left alike into the first by position; the last option gives way to Title', async () => {
      const product = await twoOptions();
      const color = product.options.find((o: any) => o.name === 'Color');
      const before = await variantCount();
      const answer = (await gql(DELETE_OPTIONS, { id: product.id, options: [color.id], strategy: 'POSITION' })).data.productOptionsDelete;
      expect(answer.userErrors).toEqual([]);
      expect(answer.deletedOptionsIds).toEqual([color.id]);
      expect(answer.product.options.map((o: any) => [o.name, o.position])).toEqual([['Size', 1]]);
      expect(answer.product.variants.nodes.map((v: any) => [v.title, v.position, v.selectedOptions])).toEqual([
        ['S', 1, [{ name: 'Size', value: 'S' }]],
        ['M', 2, [{ name: 'Size', value: 'M' }]],
      ]);
      expect(await variantCount()).toBe(before - 2);

      const size = answer.product.options[0];
      const last = (await gql(DELETE_OPTIONS, { id: product.id, options: [size.id], strategy: 'POSITION' })).data.productOptionsDelete;
      expect(last.product.options.map((o: any) => [o.name, o.values])).toEqual([['Title', ['Default Title']]]);
      expect(last.product.variants.nodes.map((v: any) => v.title)).toEqual(['Default Title']);
    });

    it('DEFAULT deletes only an option with one value; NON_DESTRUCTIVE one whose deletion leaves every variant', async () => {
      const product = await newProduct({ title: `One ${Math.random()}`, productOptions: [{ name: 'Color', values: [{ name: 'Red' }, { name: 'Blue' }] }] });
      const made = (await gql(OPTIONS, { id: product.id, options: [{ name: 'Fit', values: [{ name: 'Slim' }] }] })).data.productOptionsCreate.product;
      const fit = made.options.find((o: any) => o.name === 'Fit');
      const color = made.options.find((o: any) => o.name === 'Color');
      const refused = (await gql(DELETE_OPTIONS, { id: product.id, options: [color.id] })).data.productOptionsDelete;
      expect(refused.userErrors).toEqual([expect.objectContaining({ field: ['options', '0'], code: 'CANNOT_DELETE_OPTION_WITH_MULTIPLE_VALUES' })]);
      const single = (await gql(DELETE_OPTIONS, { id: product.id, options: [fit.id] })).data.productOptionsDelete;
      expect(single.userErrors).toEqual([]);
      expect(single.product.variants.nodes.map((v: any) => v.title)).toEqual(['Red', 'Blue']);

      // Color's two values tell two variants apart; with Fit gone, deleting Color would merge them.
      const again = (await gql(OPTIONS, { id: product.id, options: [{ name: 'Fit', values: [{ name: 'Slim' }, { name: 'Wide' }] }] })).data.productOptionsCreate.product;
      const fits = again.options.find((o: any) => o.name === 'Fit');
      const kept = (await gql(DELETE_OPTIONS, { id: product.id, options: [fits.id], strategy: 'NON_DESTRUCTIVE' })).data.productOptionsDelete;
      expect(kept.userErrors).toEqual([expect.objectContaining({ code: 'CANNOT_USE_NON_DESTRUCTIVE_STRATEGY' })]);
      const lone = await newProduct({ title: `Lone ${Math.random()}`, productOptions: [{ name: 'Color', values: [{ name: 'Red' }] }] });
      const grown = (await gql(OPTIONS, { id: lone.id, options: [{ name: 'Size', values: [{ name: 'S' }, { name: 'M' }] }] })).data.productOptionsCreate.product;
      expect(grown.variants.nodes.map((v: any) => v.title)).toEqual(['Red / S', 'Red / M']);
      const nonDestructive = (await gql(DELETE_OPTIONS, { id: lone.id, options: [grown.options[0].id], strategy: 'NON_DESTRUCTIVE' })).data.productOptionsDelete;
      expect(nonDestructive.userErrors).toEqual([]);
      expect(nonDestructive.product.variants.nodes.map((v: any) => v.title)).toEqual(['S', 'M']);
    });

    it('NON_DESTRUCTIVE refuses to delete variants; unknown and foreign options are refused; nothing changes', async () => {
      const product = await twoOptions();
      const before = await variantCount();
      const color = product.options.find((o: any) => o.name === 'Color');
      const refused = (await gql(DELETE_OPTIONS, { id: product.id, options: [color.id], strategy: 'NON_DESTRUCTIVE' })).data.productOptionsDelete;
      expect(refused).toMatchObject({ deletedOptionsIds: null, product: null, userErrors: [{ field: ['options'], code: 'CANNOT_USE_NON_DESTRUCTIVE_STRATEGY' }] });
      const other = await twoOptions();
      const foreign = (await gql(DELETE_OPTIONS, { id: product.id, options: [other.options[0].id] })).data.productOptionsDelete;
      expect(foreign.userErrors).toEqual([expect.objectContaining({ field: ['options', '0'], code: 'OPTION_DOES_NOT_EXIST' })]);
      expect(await variantCount()).toBe(before + 4);
      const still = (await gql(`query($id: ID!) { product(id: $id) { options { name } variantsCount { count } } }`, { id: product.id })).data.product;
      expect(still).toEqual({ options: [{ name: 'Color' }, { name: 'Size' }], variantsCount: { count: 4 } });
    });
  });

  describe('productOptionUpdate', () => {
    const UPDATE = `mutation($id: ID!, $option: OptionUpdateInput!, $add: [OptionValueCreateInput!], $update: [OptionValueUpdateInput!], $delete: [ID!], $strategy: ProductOptionUpdateVariantStrategy) {
      productOptionUpdate(productId: $id, option: $option, optionValuesToAdd: $add, optionValuesToUpdate: $update, optionValuesToDelete: $delete, variantStrategy: $strategy) {
        product { ${PRODUCT} } userErrors { field message code } } }`;
    const OPTIONS = `mutation($id: ID!, $options: [OptionCreateInput!]!) { productOptionsCreate(productId: $id, options: $options, variantStrategy: CREATE) { product { ${PRODUCT} } userErrors { code } } }`;
    const update = async (variables: Record<string, unknown>) => (await gql(UPDATE, variables)).data.productOptionUpdate;
    const colorsAndSizes = async () => {
      const product = await newProduct({ title: `Opt ${Math.random()}`, productOptions: [{ name: 'Color', values: [{ name: 'Red' }, { name: 'Blue' }] }] });
      return (await gql(OPTIONS, { id: product.id, options: [{ name: 'Size', values: [{ name: 'S' }, { name: 'M' }] }] })).data.productOptionsCreate.product;
    };
    const value = (product: any, option: string, name: string) => product.options.find((o: any) => o.name === option).optionValues.find((v: any) => v.name === name);

    it('renames an option and a value, which keeps its id; the variants and the storefront follow', async () => {
      const product = await colorsAndSizes();
      const color = product.options[0];
      const red = value(product, 'Color', 'Red');
      const answer = await update({ id: product.id, option: { id: color.id, name: 'Colour' }, update: [{ id: red.id, name: 'Crimson' }] });
      expect(answer.userErrors).toEqual([]);
      expect(answer.product.options[0]).toMatchObject({ id: color.id, name: 'Colour', values: ['Crimson', 'Blue'] });
      expect(value(answer.product, 'Colour', 'Crimson').id).toBe(red.id);
      expect(value(answer.product, 'Colour', 'Blue').id).toBe(value(product, 'Color', 'Blue').id);
      expect(answer.product.variants.nodes.map((v: any) => v.title)).toEqual(['Crimson / S', 'Crimson / M', 'Blue / S', 'Blue / M']);
      expect(answer.product.variants.nodes[0].selectedOptions).toEqual([{ name: 'Colour', value: 'Crimson' }, { name: 'Size', value: 'S' }]);
      await gql(`mutation($id: ID!) { publishablePublish(id: $id, input: [{ publicationId: "gid://platform/Publication/1" }]) { ${ERRORS} } }`, { id: product.id });
      const handle = (await db.query(`select handle from products where id = $1`, [Number(product.id.split('/').pop())])).rows[0].handle;
      const onStorefront = await storefrontQuery(t.app, shop.host, `{ product(handle: "${handle}") { options { name optionValues { id name } } } }`);
      expect(onStorefront.body.data.product.options[0]).toEqual({ name: 'Colour', optionValues: [{ id: red.id, name: 'Crimson' }, { id: expect.any(String), name: 'Blue' }] });
    });

    it('moves an option: the others close up and every variant\'s values follow', async () => {
      const product = await colorsAndSizes();
      const size = product.options[1];
      const answer = await update({ id: product.id, option: { id: size.id, position: 1 } });
      expect(answer.userErrors).toEqual([]);
      expect(answer.product.options.map((o: any) => [o.name, o.position])).toEqual([['Size', 1], ['Color', 2]]);
      expect(answer.product.variants.nodes.map((v: any) => v.title)).toEqual(['S / Red', 'M / Red', 'S / Blue', 'M / Blue']);
      expect(answer.product.variants.nodes[0].selectedOptions).toEqual([{ name: 'Size', value: 'S' }, { name: 'Color', value: 'Red' }]);
    });

    it('LEAVE_AS_IS adds values without variants and refuses to delete a value with variants', async () => {
      const product = await colorsAndSizes();
      const before = await variantCount();
      const color = product.options[0];
      const added = await update({ id: product.id, option: { id: color.id }, add: [{ name: 'Green' }] });
      expect(added.userErrors).toEqual([]);
      expect(added.product.options[0].optionValues.map((v: any) => [v.name, v.hasVariants])).toEqual([['Red', true], ['Blue', true], ['Green', false]]);
      expect(await variantCount()).toBe(before);
      const green = value(added.product, 'Color', 'Green');
      const red = value(added.product, 'Color', 'Red');
      const refused = await update({ id: product.id, option: { id: color.id }, delete: [green.id, red.id] });
      expect(refused).toEqual({ product: null, userErrors: [expect.objectContaining({ field: ['optionValuesToDelete', '1'], code: 'OPTION_VALUE_HAS_VARIANTS' })] });
      const unused = await update({ id: product.id, option: { id: color.id }, delete: [green.id] });
      expect(unused.product.options[0].values).toEqual(['Red', 'Blue']);
    });

    it('MANAGE makes a variant per added value and combination, and deletes the variants of deleted values', async () => {
      const product = await colorsAndSizes();
      const color = product.options[0];
      const red = value(product, 'Color', 'Red');
      const answer = await update({ id: product.id, option: { id: color.id }, add: [{ name: 'Green' }], delete: [red.id], strategy: 'MANAGE' });
      expect(answer.userErrors).toEqual([]);
      expect(answer.product.variants.nodes.map((v: any) => [v.title, v.position])).toEqual([['Blue / S', 1], ['Blue / M', 2], ['Green / S', 3], ['Green / M', 4]]);
      expect(answer.product.options[0].values).toEqual(['Blue', 'Green']);
      const last = await update({ id: product.id, option: { id: color.id }, delete: answer.product.options[0].optionValues.map((v: any) => v.id), strategy: 'MANAGE' });
      expect(last.userErrors).toEqual([expect.objectContaining({ code: 'CANNOT_DELETE_ALL_OPTION_VALUES_IN_OPTION' })]);
    });

    it('refuses each problem with its hosted code on its field, writing nothing', async () => {
      const product = await colorsAndSizes();
      const before = await variantCount();
      const [color, size] = product.options;
      const red = value(product, 'Color', 'Red');
      const blue = value(product, 'Color', 'Blue');
      const another = await colorsAndSizes();
      const cases: [Record<string, unknown>, string, string[]][] = [
        [{ option: { id: color.id, name: 'size' } }, 'OPTION_ALREADY_EXISTS', ['option', 'name']],
        [{ option: { id: color.id, name: ' ' } }, 'INVALID_NAME', ['option', 'name']],
        [{ option: { id: color.id, name: 'x'.repeat(256) } }, 'OPTION_NAME_TOO_LONG', ['option', 'name']],
        [{ option: { id: color.id, position: 3 } }, 'INVALID_POSITION', ['option', 'position']],
        [{ option: { id: another.options[0].id } }, 'OPTION_DOES_NOT_EXIST', ['option', 'id']],
        [{ option: { id: color.id }, add: [{ name: 'red' }] }, 'OPTION_VALUE_ALREADY_EXISTS', ['optionValuesToAdd', '0', 'name']],
        [{ option: { id: color.id }, add: [{ name: 'Teal' }, { name: 'teal' }] }, 'DUPLICATED_OPTION_VALUE', ['optionValuesToAdd', '1', 'name']],
        [{ option: { id: color.id }, update: [{ id: red.id, name: 'Blue' }] }, 'OPTION_VALUE_ALREADY_EXISTS', ['optionValuesToUpdate', '0', 'name']],
        [{ option: { id: color.id }, update: [{ id: red.id, name: 'x'.repeat(256) }] }, 'OPTION_VALUE_NAME_TOO_LONG', ['optionValuesToUpdate', '0', 'name']],
        [{ option: { id: color.id }, update: [{ id: red.id, name: 'A' }], delete: [red.id] }, 'OPTION_VALUE_CONFLICTING_OPERATION', ['optionValuesToUpdate', '0', 'id']],
        [{ option: { id: color.id }, update: [{ id: value(another, 'Color', 'Red').id, name: 'A' }] }, 'OPTION_VALUE_DOES_NOT_EXIST', ['optionValuesToUpdate', '0', 'id']],
        [{ option: { id: color.id }, delete: [value(product, 'Size', 'S').id] }, 'OPTION_VALUE_DOES_NOT_EXIST', ['optionValuesToDelete', '0']],
        [{ option: { id: color.id }, delete: [red.id, blue.id], strategy: 'MANAGE' }, 'CANNOT_DELETE_ALL_OPTION_VALUES_IN_OPTION', ['optionValuesToDelete']],
        [{ option: { id: size.id }, add: Array.from({ length: 249 }, (_, i) => ({ name: `v${i}` })) }, 'OPTION_VALUES_OVER_LIMIT', ['optionValuesToAdd']],
      ];
      for (const [variables, code, field] of cases) {
        const answer = await update({ id: product.id, ...variables });
        expect({ code, answer }).toEqual({ code, answer: { product: null, userErrors: [expect.objectContaining({ code, field })] } });
      }
      const missing = await update({ id: 'gid://platform/Product/999999999', option: { id: color.id } });
      expect(missing.userErrors).toEqual([expect.objectContaining({ code: 'PRODUCT_DOES_NOT_EXIST', field: ['productId'] })]);
      const foreign = (await gql(UPDATE, { id: product.id, option: { id: color.id, name: 'Stolen' } }, other)).data.productOptionUpdate;
      expect(foreign.userErrors).toEqual([expect.objectContaining({ code: 'PRODUCT_DOES_NOT_EXIST' })]);
      expect(await variantCount()).toBe(before + 4);
      const still = (await gql(`query($id: ID!) { product(id: $id) { options { name values } } }`, { id: product.id })).data.product;
      expect(still.options).toEqual([{ name: 'Color', values: ['Red', 'Blue'] }, { name: 'Size', values: ['S', 'M'] }]);
    });
  });

  describe('productVariants', () => {
    const LIST = `query($q: String, $first: Int, $after: String, $sortKey: ProductVariantSortKeys, $reverse: Boolean) {
      productVariants(first: $first, after: $after, query: $q, sortKey: $sortKey, reverse: $reverse) { nodes { id sku price product { id } } pageInfo { hasNextPage endCursor } } }`;
    const list = async (variables: Record<string, unknown>) => {
      const res = await gql(LIST, { first: 50, ...variables });
      expect(res.errors).toBeUndefined();
      return res.data.productVariants;
    };

    it('searches variants of every product by sku, barcode, price and product, pages with cursors, and never shows another shop', async () => {
      const product = await sized();
      const made = (await bulkCreate(product.id, [
        { price: '30', barcode: 'BC-1', inventoryItem: { sku: 'SRCH-1' }, optionValues: [size('M')] },
        { price: '40', inventoryItem: { sku: 'SRCH-2' }, optionValues: [size('L')] },
      ])).productVariants;
      expect((await list({ q: 'sku:SRCH-1,SRCH-2' })).nodes.map((v: any) => v.id)).toEqual(made.map((v: any) => v.id));
      expect((await list({ q: 'barcode:BC-1' })).nodes.map((v: any) => v.sku)).toEqual(['SRCH-1']);
      expect((await list({ q: `product_id:${product.id.split('/').pop()} AND price:>35` })).nodes.map((v: any) => v.sku)).toEqual(['SRCH-2']);
      expect((await list({ q: 'sku:SRCH-1,SRCH-2', sortKey: 'SKU', reverse: true })).nodes.map((v: any) => v.sku)).toEqual(['SRCH-2', 'SRCH-1']);
      const first = await list({ q: 'sku:SRCH-1,SRCH-2', first: 1 });
      expect(first.pageInfo.hasNextPage).toBe(true);
      const second = await list({ q: 'sku:SRCH-1,SRCH-2', first: 1, after: first.pageInfo.endCursor });
      expect([...first.nodes, ...second.nodes].map((v: any) => v.sku)).toEqual(['SRCH-1', 'SRCH-2']);
      const all = await list({ first: 250 });
      const theirs = (await db.query(`select id from product_variants where shop_id = $1`, [other.shop.id])).rows.map((r: any) => `gid://platform/ProductVariant/${r.id}`);
      expect(all.nodes.some((v: any) => theirs.includes(v.id))).toBe(false);
      for (const q of ['price:>abc', 'id:>99999999999999999999', '"unclosed', 'inventory_quantity:<-5', 'x'.repeat(6000)]) expect((await list({ q })).nodes).toEqual(expect.any(Array));
    });
  });

  it('needs write_products', async () => {
    const product = await sized();
    const reader = (await t.app.get(AuthService).installApp(shop.shop.id, 'reader', 'read_products')).adminAccessToken;
    const res = await gql(BULK_CREATE, { productId: product.id, variants: [{ optionValues: [size('M')] }] }, shop, reader);
    expect(res.errors[0].extensions.code).toBe('ACCESS_DENIED');
  });
});

describe('the variant-creation limit', () => {
  let t: TestApp;
  let db: pg.Client;

  beforeAll(async () => {
    t = await createTestApp({ VARIANT_LIMIT_THRESHOLD: '5', VARIANT_DAILY_LIMIT: '3' }, { adminGraphql: { capacity: 1e9, leakPerSecond: 1e9 } });
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const gql = async (target: TestShop, query: string, variables: Record<string, unknown>) => (await adminQuery(t.app, target.host, target.tokens.adminAccessToken, query, { variables })).body;
  const variants = async (target: TestShop) => (await db.query(`select count(*)::int as n from product_variants where shop_id = $1`, [target.shop.id])).rows[0].n;

  it('past the threshold, at most the daily number of new variants across productCreate and productVariantsBulkCreate; plus is exempt', async () => {
    for (const [handle, plan] of [['small', 'standard'], ['large', 'plus']] as const) {
      const target = await t.createShop(handle, { plan });
      const created = await gql(target, CREATE_PRODUCT, { product: { title: 'Tee', productOptions: [{ name: 'Size', values: [{ name: 'S' }] }] } });
      const productId = created.data.productCreate.product.id;
      // Under the threshold (1 variant before), the day's count may pass the daily limit: 5 variants, 5 made today.
      const four = await gql(target, BULK_CREATE, { productId, variants: ['M', 'L', 'XL', 'XXL'].map((s) => ({ optionValues: [size(s)] })) });
      expect(four.data.productVariantsBulkCreate.userErrors).toEqual([]);
      expect(await variants(target)).toBe(5);

      // At the threshold and past the day's limit: a top-level error, the field null, nothing written.
      const more = await gql(target, BULK_CREATE, { productId, variants: [{ optionValues: [size('3XL')] }] });
      const another = await gql(target, CREATE_PRODUCT, { product: { title: 'Cap' } });
      if (plan === 'plus') {
        expect(more.data.productVariantsBulkCreate.userErrors).toEqual([]);
        expect(another.data.productCreate.userErrors).toEqual([]);
        expect(await variants(target)).toBe(7);
        continue;
      }
      for (const [answer, field] of [[more, 'productVariantsBulkCreate'], [another, 'productCreate']] as const) {
        expect(answer.data[field]).toBeNull();
        expect(answer.errors).toEqual([
          expect.objectContaining({ message: expect.stringMatching(/^Daily variant creation limit reached\. Please try again later\./), path: [field], extensions: expect.objectContaining({ code: 'VARIANT_THROTTLE_EXCEEDED' }) }),
        ]);
      }
      expect(await variants(target)).toBe(5);
      expect((await db.query(`select count(*)::int as n from products where shop_id = $1`, [target.shop.id])).rows[0].n).toBe(1);
    }
  });

  it("counts the shop's variants once past the day's limit, and again only when the day's creations could have reached the threshold", async () => {
    const target = await t.createShop('counted', { plan: 'standard' });
    const day = async () => (await db.query(`select created, below_until from variant_creation_days where shop_id = $1`, [target.shop.id])).rows[0];
    const created = await gql(target, CREATE_PRODUCT, { product: { title: 'Tee', productOptions: [{ name: 'Size', values: [{ name: 'S' }] }] } });
    const productId = created.data.productCreate.product.id;
    const add = async (...sizes: string[]) => gql(target, BULK_CREATE, { productId, variants: sizes.map((s) => ({ optionValues: [size(s)] })) });
    expect((await add('M', 'L')).data.productVariantsBulkCreate.userErrors).toEqual([]);
    expect(await day()).toEqual({ created: 3, below_until: null });
    // Past the day's limit (3): counted once; 3 variants before this write, so the shop stays under 5 until the day's count before a write reaches 5.
    expect((await add('XL')).data.productVariantsBulkCreate.userErrors).toEqual([]);
    expect(await day()).toEqual({ created: 4, below_until: 5 });
    expect((await add('XXL')).data.productVariantsBulkCreate.userErrors).toEqual([]);
    expect(await day()).toEqual({ created: 5, below_until: 5 });
    const refused = await add('3XL');
    expect(refused.errors[0].extensions.code).toBe('VARIANT_THROTTLE_EXCEEDED');
    expect(await variants(target)).toBe(5);
  });
});
