import pg from 'pg';
import { sqlDuring } from '../../support/sql.js';
import { CatalogStorefrontService } from '@platform/catalog';
import type { RequestContext } from '@platform/request';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { storefrontQuery } from '../../support/http.js';

type Gql = { data?: any; errors?: any; extensions?: any };

describe('storefront catalog', () => {
  let t: TestApp;
  let shop: TestShop;
  let visible: { id: number; handle: string; title: string }[];
  const TOKEN = () => ({ 'x-platform-storefront-access-token': shop.tokens.storefrontAccessToken });

  beforeAll(async () => {
    // Raised storefront bucket: this file sends many requests from one address.
    t = await createTestApp({}, { storefront: { capacity: 100_000, leakPerSecond: 1000 } });
    shop = await t.seedShop('acme', { products: 40, seed: 7 });
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    visible = (
      await client.query(
        `select id::int, handle, title from products where shop_id = $1 and status = 'active' and published_at <= now() order by id`,
        [shop.shop.id],
      )
    ).rows;
    await client.end();
  });
  afterAll(() => t.close());

  const q = async (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<Gql> =>
    (await storefrontQuery(t.app, shop.host, query, headers, { variables })).body;

  it('describes the shop with URLs of the address the buyer used', async () => {
    const res = await q('{ shop { id name moneyFormat primaryDomain { host url sslEnabled } shipsToCountries paymentSettings { currencyCode countryCode enabledPresentmentCurrencies } } }');
    expect(res.data.shop).toEqual({
      id: `gid://platform/Shop/${shop.shop.id}`,
      name: 'Acme',
      moneyFormat: '${{amount}}',
      primaryDomain: { host: 'acme.myplatform.localhost', url: 'http://acme.myplatform.localhost', sslEnabled: false },
      shipsToCountries: ['US', 'CA', 'FR'],
      paymentSettings: { currencyCode: 'USD', countryCode: 'US', enabledPresentmentCurrencies: ['USD'] },
    });
  });

  it('lists products with the documented shape', async () => {
    const res = await q('{ products(first: 3) { edges { cursor node { id title handle } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }');
    expect(res.errors).toBeUndefined();
    const { edges, pageInfo } = res.data.products;
    expect(edges.map((e: any) => e.node.handle)).toEqual(visible.slice(0, 3).map((p) => p.handle));
    expect(edges[0].node.id).toBe(`gid://platform/Product/${visible[0].id}`);
    expect(pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false, startCursor: edges[0].cursor, endCursor: edges[2].cursor });
  });

  it.each(['ID', 'TITLE', 'PRICE', 'CREATED_AT', 'VENDOR'])('walks the whole catalog forward and backward by %s with no gap and no overlap', async (sortKey) => {
    const query = `query($first: Int, $after: String, $last: Int, $before: String, $sortKey: ProductSortKeys) {
      products(first: $first, after: $after, last: $last, before: $before, sortKey: $sortKey) {
        edges { cursor node { handle } } pageInfo { hasNextPage hasPreviousPage endCursor startCursor } } }`;
    const forward: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 20; i++) {
      const res: Gql = await q(query, { first: 7, after, sortKey });
      const page = res.data.products;
      forward.push(...page.edges.map((e: any) => e.node.handle));
      expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(forward).toHaveLength(visible.length);
    expect(new Set(forward).size).toBe(visible.length);

    const backward: string[] = [];
    let before: string | null = null;
    for (let i = 0; i < 20; i++) {
      const res: Gql = await q(query, { last: 6, before, sortKey });
      const page = res.data.products;
      backward.unshift(...page.edges.map((e: any) => e.node.handle));
      if (!page.pageInfo.hasPreviousPage) break;
      before = page.pageInfo.startCursor;
    }
    expect(backward).toEqual(forward);
  });

  it('sorts by price and reverses', async () => {
    const res = await q('{ a: products(first: 250, sortKey: PRICE) { nodes { priceRange { minVariantPrice { amount } } } } b: products(first: 250, sortKey: PRICE, reverse: true) { nodes { id } } c: products(first: 250, sortKey: PRICE) { nodes { id } } }', {}, TOKEN());
    const prices = res.data.a.nodes.map((n: any) => Number(n.priceRange.minVariantPrice.amount));
    expect(prices).toHaveLength(visible.length);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    expect(res.data.b.nodes).toEqual([...res.data.c.nodes].reverse());
  });

  it('answers product by handle and by id with variants, options, prices and images', async () => {
    const { handle, id } = visible[0];
    const fields = `id handle title description descriptionHtml vendor productType availableForSale
      options { name values } priceRange { minVariantPrice { amount currencyCode } maxVariantPrice { amount currencyCode } }
      featuredImage { url altText } images(first: 5) { nodes { url } }
      variants(first: 10) { nodes { id title price { amount currencyCode } selectedOptions { name value } product { handle } } }`;
    const res = await q(`query($handle: String!, $id: ID) { byHandle: product(handle: $handle) { ${fields} } byId: product(id: $id) { handle } legacy: productByHandle(handle: $handle) { title description options { name values } } }`, {
      handle,
      id: `gid://platform/Product/${id}`,
    });
    expect(res.errors).toBeUndefined();
    const product = res.data.byHandle;
    expect(product.handle).toBe(handle);
    expect(res.data.byId.handle).toBe(handle);
    expect(res.data.legacy.title).toBe(product.title);
    expect(product.description).not.toMatch(/</);
    expect(product.variants.nodes.length).toBeGreaterThanOrEqual(2);
    for (const variant of product.variants.nodes) {
      expect(variant.price.amount).toMatch(/^\d+\.\d{2}$/);
      expect(variant.price.currencyCode).toBe('USD');
      expect(variant.product.handle).toBe(handle);
      expect(variant.selectedOptions.map((o: any) => o.name)).toEqual(product.options.map((o: any) => o.name));
    }
    const amounts = product.variants.nodes.map((v: any) => Number(v.price.amount));
    expect(Number(product.priceRange.minVariantPrice.amount)).toBe(Math.min(...amounts));
    expect(Number(product.priceRange.maxVariantPrice.amount)).toBe(Math.max(...amounts));
    expect(product.featuredImage.url).toBe(product.images.nodes[0].url);
  });

  it('answers null for an unknown handle or id, and an error for a malformed id', async () => {
    const res = await q('{ a: product(handle: "nope") { id } b: product(id: "gid://platform/Product/999999") { id } }');
    expect(res.data).toEqual({ a: null, b: null });
    const bad = await q('{ product(id: "42") { id } }');
    expect(bad.errors[0].message).toMatch(/Invalid global id/);
  });

  it('lists collections and their products', async () => {
    const res = await q('{ collections(first: 10) { nodes { id handle title products(first: 3) { nodes { handle } pageInfo { hasNextPage } } } } }');
    expect(res.errors).toBeUndefined();
    const collections = res.data.collections.nodes;
    expect(collections).toHaveLength(5);
    expect(collections.some((c: any) => c.products.nodes.length > 0)).toBe(true);
    const one = await q('query($h: String!) { collection(handle: $h) { handle } collectionByHandle(handle: $h) { title } }', { h: collections[0].handle });
    expect(one.data.collection.handle).toBe(collections[0].handle);
  });

  it('fetches any node by global id', async () => {
    const product = `gid://platform/Product/${visible[1].id}`;
    const res = await q('query($ids: [ID!]!) { node(id: $ids_0) { id ... on Product { handle } } nodes(ids: $ids) { id __typename } }'.replace('$ids_0', `"${product}"`), {
      ids: [product, 'gid://platform/Product/999999', 'gid://platform/Nope/1'],
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.node).toEqual({ id: product, handle: visible[1].handle });
    expect(res.data.nodes).toEqual([{ id: product, __typename: 'Product' }, null, null]);
  });

  it('filters with the query argument', async () => {
    const res = await q('{ products(first: 250, query: "available_for_sale:true") { nodes { availableForSale } } }');
    expect(res.data.products.nodes.length).toBeGreaterThan(0);
    expect(res.data.products.nodes.every((n: any) => n.availableForSale)).toBe(true);
    const tagged = await q('{ products(first: 5) { nodes { tags } } }', {}, TOKEN());
    const tag = tagged.data.products.nodes.flatMap((n: any) => n.tags)[0];
    const byTag = await q('query($q: String) { products(first: 250, query: $q) { nodes { tags } } }', { q: `tag:'${tag}'`.replace(/'/g, '"') }, TOKEN());
    expect(byTag.data.products.nodes.length).toBeGreaterThan(0);
    expect(byTag.data.products.nodes.every((n: any) => n.tags.map((x: string) => x.toLowerCase()).includes(tag.toLowerCase()))).toBe(true);
  });

  it("answers ACCESS_DENIED on a token's field it lacks the scope for, while the rest of the query answers", async () => {
    const limited = await t.createShopApp(shop, 'unauthenticated_read_product_listings');
    const res = await q('{ shop { name } products(first: 1) { nodes { title totalInventory } } }', {}, { 'x-platform-storefront-access-token': limited });
    expect(res.data.shop.name).toBe('Acme');
    expect(res.data.products.nodes[0]).toEqual({ title: expect.any(String), totalInventory: null });
    expect(res.errors[0]).toMatchObject({ extensions: { code: 'ACCESS_DENIED' }, path: ['products', 'nodes', 0, 'totalInventory'] });
    const full = await q('{ products(first: 1) { nodes { totalInventory tags } } }', {}, TOKEN());
    expect(full.errors).toBeUndefined();
    expect(full.data.products.nodes[0].totalInventory).toEqual(expect.any(Number));
  });

  it('lists product tags only for a token (ACCESS_DENIED tokenless, the rest answering)', async () => {
    const tokenless = await q('{ shop { name } productTags(first: 5) { nodes } }');
    expect(tokenless.data).toEqual({ shop: { name: 'Acme' }, productTags: null });
    expect(tokenless.errors[0]).toMatchObject({ path: ['productTags'], extensions: { code: 'ACCESS_DENIED' } });
    const res = await q('{ productTags(first: 250) { nodes pageInfo { hasNextPage } } }', {}, TOKEN());
    const tags: string[] = res.data.productTags.nodes;
    expect(tags.length).toBeGreaterThan(0);
    expect(new Set(tags).size).toBe(tags.length);
    expect([...tags].sort()).toEqual(tags);
    const firstTwo = await q('{ productTags(first: 2) { nodes pageInfo { hasNextPage endCursor } } }', {}, TOKEN());
    expect(firstTwo.data.productTags.nodes).toEqual(tags.slice(0, 2));
    const next = await q(`{ productTags(first: 2, after: "${firstTwo.data.productTags.pageInfo.endCursor}") { nodes } }`, {}, TOKEN());
    expect(next.data.productTags.nodes).toEqual(tags.slice(2, 4));
  });

  it('answers metafields of products and of the shop to tokens', async () => {
    const query = `{ shop { metafields(identifiers: [{ namespace: "custom", key: "announcement" }, { namespace: "custom", key: "nope" }]) { key value } }
      products(first: 20) { nodes { material: metafield(namespace: "custom", key: "material") { namespace key type value } } } }`;
    const res = await q(query, {}, TOKEN());
    expect(res.errors).toBeUndefined();
    const materials = res.data.products.nodes.map((n: any) => n.material).filter(Boolean);
    expect(materials.length).toBeGreaterThan(0);
    expect(materials[0]).toMatchObject({ namespace: 'custom', key: 'material', type: expect.any(String), value: expect.any(String) });
    expect(res.data.shop.metafields[0]).toEqual({ key: 'announcement', value: 'Free shipping on US orders over $75' });
    expect(res.data.shop.metafields[1]).toBeNull();
    const tokenless = await q('{ products(first: 1) { nodes { title metafield(namespace: "custom", key: "material") { value } } } }');
    expect(tokenless.data.products.nodes[0]).toEqual({ title: expect.any(String), metafield: null });
    expect(tokenless.errors[0].extensions.code).toBe('ACCESS_DENIED');
  });

  it('offers selling plan groups on the products they are attached to', async () => {
    const res = await q(`{ products(first: 250) { nodes { productType sellingPlanGroups(first: 5) { nodes { name options { name values }
      sellingPlans(first: 5) { nodes { id name recurringDeliveries options { name value }
        priceAdjustments { orderCount adjustmentValue { __typename ... on SellingPlanPercentagePriceAdjustment { adjustmentPercentage } } } } } } } } } }`, {}, TOKEN());
    expect(res.errors).toBeUndefined();
    const offered = res.data.products.nodes.filter((n: any) => n.sellingPlanGroups.nodes.length > 0);
    expect(offered.length).toBeGreaterThan(0);
    const group = offered[0].sellingPlanGroups.nodes[0];
    expect(group.name).toBe('Subscribe and save');
    expect(group.sellingPlans.nodes.length).toBe(3);
    expect(group.sellingPlans.nodes[0]).toMatchObject({
      id: expect.stringMatching(/^gid:\/\/platform\/SellingPlan\/\d+$/),
      recurringDeliveries: true,
      priceAdjustments: [{ adjustmentValue: { __typename: 'SellingPlanPercentagePriceAdjustment', adjustmentPercentage: 10 } }],
    });
  });

  it('takes reverse as a nullable Boolean defaulting to false, as the hosted schema does', async () => {
    const res = await q('query($r: Boolean) { products(first: 2, reverse: $r) { nodes { id } } }', { r: null });
    expect(res.errors).toBeUndefined();
    expect(res.data.products.nodes.map((n: any) => n.id)).toEqual(visible.slice(0, 2).map((p) => `gid://platform/Product/${p.id}`));
  });

  it('refuses page sizes over 250 and connections without first or last', async () => {
    const tooBig = await q('{ products(first: 251) { nodes { id } } }', {}, TOKEN());
    expect(tooBig.errors[0]).toMatchObject({ message: 'first must be at most 250', path: ['products'] });
    const none = await q('{ products { nodes { id } } }', {}, TOKEN());
    expect(none.errors[0].message).toBe('you must provide one of first or last');
    const badCursor = await q('{ products(first: 1, after: "zzz") { nodes { id } } }', {}, TOKEN());
    expect(badCursor.errors[0].message).toBe('Invalid cursor for after');
  });

  it('caps tokenless complexity at 1,000 and lets tokens through', async () => {
    const query = '{ products(first: 100) { nodes { variants(first: 10) { nodes { id } } } } }';
    const tokenless = await q(query);
    expect(tokenless.data).toBeUndefined();
    expect(tokenless.errors[0]).toMatchObject({ extensions: { code: 'MAX_COMPLEXITY_EXCEEDED', cost: 2 + 100 * (1 + 2 + 10), maxCost: 1000 } });
    const withToken = await q(query, {}, TOKEN());
    expect(withToken.errors).toBeUndefined();
  });

  it('runs a constant number of SQL statements whatever the page size (no N+1)', async () => {
    const count = async (first: number) => {
      const { result: res, statements } = await sqlDuring(() =>
        q(
          `{ products(first: ${first}) { nodes { title featuredImage { url } options { name }
            priceRange { minVariantPrice { amount } }
            variants(first: 5) { nodes { price { amount } selectedOptions { name value } } }
            images(first: 3) { nodes { url } }
            collections(first: 3) { nodes { handle } } } } }`,
          {},
          TOKEN(),
        ),
      );
      expect(res.errors).toBeUndefined();
      expect(res.data.products.nodes).toHaveLength(Math.min(first, visible.length));
      return statements.length;
    };
    const small = await count(5);
    const large = await count(50);
    expect(large).toBe(small);
    // products, featured images, options, variants, images, collections.
    expect(large).toBe(6);
  });

  it("reads only what product cards show unless the query asks for a product's or a variant's detail", async () => {
    const statementsOf = async (query: string) => {
      const { result: res, statements } = await sqlDuring(() => q(query));
      expect(res.errors).toBeUndefined();
      return { texts: statements, data: res.data };
    };
    const cards = await statementsOf('{ products(first: 3) { nodes { title priceRange { minVariantPrice { amount } } variants(first: 2) { nodes { price { amount } } } } } }');
    expect(cards.texts.some((text) => text.includes('description_html') || text.includes('v.sku'))).toBe(false);

    const detailed = await statementsOf('{ products(first: 3) { nodes { handle createdAt tags variants(first: 2) { nodes { sku title } } } } }');
    expect(detailed.texts.filter((text) => text.includes('description_html'))).toHaveLength(1);
    expect(detailed.texts.filter((text) => text.includes('v.sku'))).toHaveLength(1);
    // The same answers a single product (always read whole) gives.
    for (const node of detailed.data.products.nodes) {
      const one = await q('query ($h: String!) { product(handle: $h) { createdAt tags variants(first: 2) { nodes { sku title } } } }', { h: node.handle });
      expect(one.data.product).toEqual({ createdAt: node.createdAt, tags: node.tags, variants: node.variants });
    }
  });

  it("reads a card's detail on demand, in one statement for every card of the request", async () => {
    const catalog = t.app.get(CatalogStorefrontService);
    // The catalog reads only the shop from the context.
    const ctxOf = () => ({ shop: shop.shop }) as unknown as RequestContext;
    const page = { forward: true, size: 4, reverse: false };
    const full = await catalog.products(ctxOf(), page, 'ID', null, 'full');
    const ctx = ctxOf();
    const cards = await catalog.products(ctx, page, 'ID', null, 'card');
    expect(cards.items.map((item) => item.record.createdAt)).toEqual([undefined, undefined, undefined, undefined]);

    const { result: details, statements } = await sqlDuring(() => Promise.all(cards.items.map((item) => catalog.productDetail(ctx, item.record))));
    expect(statements).toHaveLength(1);
    expect(details.map(({ descriptionHtml, tags, createdAt }) => ({ descriptionHtml, tags, createdAt }))).toEqual(
      full.items.map(({ record: { descriptionHtml, tags, createdAt } }) => ({ descriptionHtml, tags, createdAt })),
    );
  });
});
