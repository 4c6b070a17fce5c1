import pg from 'pg';
import { AuthService } from '@platform/auth';
import { sqlDuring } from '../../support/sql.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { adminQuery } from '../../support/http.js';

type Gql = { status: number; data?: any; errors?: any; extensions?: any };

const PRODUCT_FIELDS = `id legacyResourceId title handle descriptionHtml description vendor productType status tags totalInventory
  createdAt updatedAt publishedAt priceRangeV2 { minVariantPrice { amount currencyCode } maxVariantPrice { amount currencyCode } }`;

const PAGE = `query($first: Int, $after: String, $last: Int, $before: String, $query: String, $sortKey: ProductSortKeys, $reverse: Boolean) {
  products(first: $first, after: $after, last: $last, before: $before, query: $query, sortKey: $sortKey, reverse: $reverse) {
    edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`;

// The admin catalog's product reads: the list in every status, search and sort with cursors, one product by id or
// handle, counts, scopes, isolation, cost and statements per request.
describe('admin GraphQL products: reads', () => {
  let t: TestApp;
  let shop: TestShop;
  let other: TestShop;
  let db: pg.Client;

  beforeAll(async () => {
    t = await createTestApp({}, { adminGraphql: { capacity: 1e9, leakPerSecond: 1e9 } });
    shop = await t.seedShop('acme', { products: 40, customers: 0, orders: 0, seed: 3 });
    other = await t.seedShop('other', { products: 5, customers: 0, orders: 0, seed: 9 });
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    // Every status and publication state, whatever the seed drew.
    await db.query(`update products set status = 'draft', published_at = null where shop_id = $1 and id in (select id from products where shop_id = $1 order by id limit 3)`, [shop.shop.id]);
    await db.query(`update products set status = 'archived' where shop_id = $1 and id in (select id from products where shop_id = $1 order by id offset 3 limit 2)`, [shop.shop.id]);
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const gqlAs = async (token: string, query: string, variables: Record<string, unknown> = {}, target: TestShop = shop): Promise<Gql> => {
    const res = await adminQuery(t.app, target.host, token, query, { variables });
    return { status: res.status, ...res.body };
  };
  const gql = (query: string, variables: Record<string, unknown> = {}) => gqlAs(shop.tokens.adminAccessToken, query, variables);
  const rows = async <T = any>(sql: string, params: unknown[] = []): Promise<T[]> => (await db.query(sql, params)).rows as T[];
  const gid = (id: number | string) => `gid://platform/Product/${id}`;
  const idsWhere = async (condition: string, order = 'id') =>
    (await rows<{ id: number }>(`select id::int from products p where shop_id = $1 and (${condition}) order by ${order}`, [shop.shop.id])).map((r) => gid(r.id));
  const tokenWith = async (scopes: string) => (await t.app.get(AuthService).installApp(shop.shop.id, `app ${scopes}`, scopes)).adminAccessToken;

  async function walk(variables: Record<string, unknown>, size: number, direction: 'forward' | 'backward'): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 100; i++) {
      const page: Gql = await gql(PAGE, direction === 'forward' ? { ...variables, first: size, after: cursor } : { ...variables, last: size, before: cursor });
      expect(page.errors).toBeUndefined();
      const { edges, pageInfo } = page.data.products;
      const pageIds = edges.map((e: any) => e.node.id);
      if (direction === 'forward') ids.push(...pageIds);
      else ids.unshift(...pageIds);
      if (!(direction === 'forward' ? pageInfo.hasNextPage : pageInfo.hasPreviousPage)) return ids;
      cursor = direction === 'forward' ? pageInfo.endCursor : pageInfo.startCursor;
    }
    throw new Error('the walk did not end');
  }

  describe('products', () => {
    it("answers the shop's products in every status with the hosted fields, as stored", async () => {
      const res = await gql(`{ products(first: 6) { nodes { ${PRODUCT_FIELDS} } } }`);
      expect(res.errors).toBeUndefined();
      const stored = await rows(`select id::int, title, handle, description_html, vendor, product_type, status, tags, total_inventory, created_at, updated_at, published_at,
        min_price::text, max_price::text from products where shop_id = $1 order by id limit 6`, [shop.shop.id]);
      expect(res.data.products.nodes).toEqual(
        stored.map((p) => ({
          id: gid(p.id),
          legacyResourceId: String(p.id),
          title: p.title,
          handle: p.handle,
          descriptionHtml: p.description_html,
          description: expect.any(String),
          vendor: p.vendor,
          productType: p.product_type,
          status: p.status.toUpperCase(),
          tags: p.tags,
          totalInventory: p.total_inventory,
          createdAt: p.created_at.toISOString(),
          updatedAt: p.updated_at.toISOString(),
          publishedAt: p.published_at?.toISOString() ?? null,
          priceRangeV2: { minVariantPrice: { amount: p.min_price, currencyCode: 'USD' }, maxVariantPrice: { amount: p.max_price, currencyCode: 'USD' } },
        })),
      );
      expect(res.data.products.nodes.map((n: any) => n.status)).toEqual(['DRAFT', 'DRAFT', 'DRAFT', 'ARCHIVED', 'ARCHIVED', 'ACTIVE']);
      const [first] = res.data.products.nodes;
      expect(first.description).not.toMatch(/<[a-z]/i);
    });

    it('walks every product once, forward and backward, in each sort key and reversed', async () => {
      const all = await idsWhere('true');
      for (const sortKey of ['ID', 'TITLE', 'CREATED_AT', 'UPDATED_AT', 'VENDOR', 'PRODUCT_TYPE', 'INVENTORY_TOTAL', 'PUBLISHED_AT', 'RELEVANCE']) {
        for (const reverse of [false, true]) {
          const forward = await walk({ sortKey, reverse }, 7, 'forward');
          expect([...forward].sort()).toEqual([...all].sort());
          expect(await walk({ sortKey, reverse }, 7, 'backward')).toEqual(forward);
        }
      }
      expect(await walk({ sortKey: 'ID' }, 7, 'forward')).toEqual(all);
      expect(await walk({ sortKey: 'TITLE' }, 9, 'forward')).toEqual(await idsWhere('true', 'lower(title), id'));
      expect(await walk({ sortKey: 'INVENTORY_TOTAL', reverse: true }, 9, 'forward')).toEqual(await idsWhere('true', 'total_inventory desc, id desc'));
      expect(await walk({ sortKey: 'PUBLISHED_AT' }, 9, 'forward')).toEqual(await idsWhere('true', `coalesce(published_at, 'epoch'), id`));
    });

    it('refuses a cursor of another sort key', async () => {
      const page = await gql(PAGE, { first: 2, sortKey: 'TITLE' });
      const res = await gql(PAGE, { first: 2, sortKey: 'VENDOR', after: page.data.products.pageInfo.endCursor });
      expect(res.data).toBeNull();
      expect(res.errors[0].message).toMatch(/cursor/i);
    });

    it('searches with the hosted syntax', async () => {
      const search = async (query: string) => walk({ query }, 50, 'forward');
      const [sample] = await rows(`select id::int, handle, vendor, product_type, tags, title from products where shop_id = $1 and status = 'active' and array_length(tags, 1) > 0 order by id limit 1`, [shop.shop.id]);
      expect(await search('status:draft')).toEqual(await idsWhere(`status = 'draft'`));
      expect(await search('status:draft,archived')).toEqual(await idsWhere(`status in ('draft', 'archived')`));
      expect(await search('-status:active')).toEqual(await idsWhere(`status <> 'active'`));
      expect(await search(`handle:${sample.handle}`)).toEqual([gid(sample.id)]);
      expect(await search(`vendor:"${sample.vendor}"`)).toEqual(await idsWhere(`lower(vendor) = lower('${sample.vendor.replaceAll("'", "''")}')`));
      expect(await search(`tag:"${sample.tags[0]}"`)).toEqual(await idsWhere(`exists (select 1 from unnest(tags) t where lower(t) = lower('${sample.tags[0].replaceAll("'", "''")}'))`));
      expect(await search(`tag_not:"${sample.tags[0]}"`)).toEqual(await idsWhere(`not exists (select 1 from unnest(tags) t where lower(t) = lower('${sample.tags[0].replaceAll("'", "''")}'))`));
      expect(await search(`id:>${sample.id}`)).toEqual(await idsWhere(`id > ${sample.id}`));
      expect(await search('inventory_total:>100')).toEqual(await idsWhere('total_inventory > 100'));
      expect(await search('published_status:unpublished')).toEqual(await idsWhere('published_at is null or published_at > now()'));
      expect(await search('published_status:published')).toEqual(await idsWhere('published_at is not null and published_at <= now()'));
      expect(await search('created_at:<now')).toEqual(await idsWhere('true'));
      expect(await search(`created_at:>'2999-01-01T00:00:00Z'`)).toEqual([]);
      const [variant] = await rows(`select v.id::int, v.sku, v.product_id::int from product_variants v where v.shop_id = $1 and v.sku is not null order by v.id limit 1`, [shop.shop.id]);
      expect(await search(`sku:${variant.sku}`)).toContain(gid(variant.product_id));
      expect(await search(`variant_id:${variant.id}`)).toEqual([gid(variant.product_id)]);
      expect(await search('barcode:123')).toEqual([]);
      expect(await search('status:nonsense')).toEqual([]);
      expect(await search(`vendor:"${sample.vendor}" OR status:draft`)).toEqual(await idsWhere(`lower(vendor) = lower('${sample.vendor.replaceAll("'", "''")}') or status = 'draft'`));
    });

    it("never shows another shop's products", async () => {
      const mine = await walk({}, 50, 'forward');
      const theirs = (await rows<{ id: number }>(`select id::int from products where shop_id = $1`, [other.shop.id])).map((r) => gid(r.id));
      expect(mine.filter((id) => theirs.includes(id))).toEqual([]);
      const res = await gql(`query($id: ID!) { product(id: $id) { id } node(id: $id) { id } }`, { id: theirs[0] });
      expect(res.data).toEqual({ product: null, node: null });
      const [{ handle }] = await rows(`select handle from products where shop_id = $1 limit 1`, [other.shop.id]);
      const byHandle = await gql(`query($h: String!) { productByIdentifier(identifier: { handle: $h }) { id } }`, { h: handle });
      const mineWithHandle = await rows(`select id from products where shop_id = $1 and handle = $2`, [shop.shop.id, handle]);
      if (mineWithHandle.length === 0) expect(byHandle.data.productByIdentifier).toBeNull();
    });

    it('answers hostile queries without an error of the server', async () => {
      for (const query of ['(((((', 'title:"unterminated', `${'a '.repeat(3000)}`, 'id:>99999999999999999999', 'created_at:>yesterday', '\u0000', 'handle:' + ',x'.repeat(2000), 'price:>abc']) {
        const res = await gql(PAGE, { first: 5, query });
        expect(res.status).toBe(200);
        expect(res.errors?.some((e: any) => e.extensions?.code === 'INTERNAL_SERVER_ERROR') ?? false).toBe(false);
      }
    });
  });

  describe('one product', () => {
    it('finds a product in any status by id, by handle and through node', async () => {
      const [draft] = await rows(`select id::int, handle, title from products where shop_id = $1 and status = 'draft' order by id limit 1`, [shop.shop.id]);
      const res = await gql(`query($id: ID!, $h: String!) {
        product(id: $id) { id title status }
        byId: productByIdentifier(identifier: { id: $id }) { id }
        byHandle: productByIdentifier(identifier: { handle: $h }) { id }
        node(id: $id) { id ... on Product { handle } } }`, { id: gid(draft.id), h: draft.handle });
      expect(res.errors).toBeUndefined();
      expect(res.data).toEqual({
        product: { id: gid(draft.id), title: draft.title, status: 'DRAFT' },
        byId: { id: gid(draft.id) },
        byHandle: { id: gid(draft.id) },
        node: { id: gid(draft.id), handle: draft.handle },
      });
    });

    it('answers null for no such product, and refuses an identifier naming none or both', async () => {
      const res = await gql(`{ product(id: "gid://platform/Product/999999999") { id } productByIdentifier(identifier: { handle: "no-such-handle" }) { id } }`);
      expect(res.data).toEqual({ product: null, productByIdentifier: null });
      // The pipeline refuses NUL bytes and lone surrogates in every argument; a handle no row can have is answered null.
      for (const handle of ['a\u0000b', '\ud800x']) {
        const odd = await gql(`query($h: String!) { productByIdentifier(identifier: { handle: $h }) { id } }`, { h: handle });
        expect(odd.errors.map((e: any) => e.extensions.code)).toEqual(['BAD_USER_INPUT']);
      }
      for (const handle of ['h'.repeat(4_000), '']) {
        const odd = await gql(`query($h: String!) { productByIdentifier(identifier: { handle: $h }) { id } collectionByIdentifier(identifier: { handle: $h }) { id } }`, { h: handle });
        expect({ status: odd.status, data: odd.data, errors: odd.errors }).toEqual({ status: 200, data: { productByIdentifier: null, collectionByIdentifier: null }, errors: undefined });
      }
      const both = await gql(`{ productByIdentifier(identifier: { handle: "x", id: "gid://platform/Product/1" }) { id } }`);
      expect(both.errors[0].message).toBe('Provide exactly one of id, handle or customId.');
      const wrongType = await gql(`{ product(id: "gid://platform/Customer/1") { id } }`);
      expect(wrongType.errors).toBeDefined();
      expect(wrongType.errors[0].extensions.code).not.toBe('INTERNAL_SERVER_ERROR');
    });
  });

  describe('variants', () => {
    it("answers a product's variants in position order, by cursor, with their counts", async () => {
      const [product] = await rows(`select p.id::int, p.title from products p where p.shop_id = $1 and (select count(*) from product_variants v where v.product_id = p.id) >= 3 order by p.id limit 1`, [shop.shop.id]);
      const stored = await rows(`select id::int, title, sku, price::text, compare_at_price::text, position, inventory_quantity, available_for_sale, option1, option2, option3
        from product_variants where product_id = $1 order by position, id`, [product.id]);
      const options = await rows<{ name: string }>(`select name from product_options where product_id = $1 order by position, id`, [product.id]);
      const FIELDS = 'id legacyResourceId title displayName sku price compareAtPrice position inventoryQuantity availableForSale selectedOptions { name value } product { id }';
      const res = await gql(`query($id: ID!) { product(id: $id) { variantsCount { count precision } hasOnlyDefaultVariant
        variants(first: 2) { nodes { ${FIELDS} } pageInfo { hasNextPage endCursor } } } }`, { id: gid(product.id) });
      expect(res.errors).toBeUndefined();
      const { variants, variantsCount, hasOnlyDefaultVariant } = res.data.product;
      expect(variantsCount).toEqual({ count: stored.length, precision: 'EXACT' });
      expect(hasOnlyDefaultVariant).toBe(false);
      expect(variants.pageInfo.hasNextPage).toBe(true);
      expect(variants.nodes).toEqual(
        stored.slice(0, 2).map((v) => ({
          id: `gid://platform/ProductVariant/${v.id}`,
          legacyResourceId: String(v.id),
          title: v.title,
          displayName: `${product.title} - ${v.title}`,
          sku: v.sku,
          price: v.price,
          compareAtPrice: v.compare_at_price,
          position: v.position,
          inventoryQuantity: v.inventory_quantity,
          availableForSale: v.available_for_sale,
          selectedOptions: options.flatMap((o, i) => ([v.option1, v.option2, v.option3][i] === null ? [] : [{ name: o.name, value: [v.option1, v.option2, v.option3][i] }])),
          product: { id: gid(product.id) },
        })),
      );
      const next = await gql(`query($id: ID!, $after: String) { product(id: $id) { variants(first: 250, after: $after) { nodes { id } } } }`, { id: gid(product.id), after: variants.pageInfo.endCursor });
      expect(next.data.product.variants.nodes.map((n: any) => n.id)).toEqual(stored.slice(2).map((v) => `gid://platform/ProductVariant/${v.id}`));
    });

    it('finds a variant of a product in any status by id and through node, and no other shop\'s', async () => {
      const [variant] = await rows(`select v.id::int, v.product_id::int from product_variants v join products p on p.id = v.product_id where v.shop_id = $1 and p.status = 'draft' order by v.id limit 1`, [shop.shop.id]);
      const id = `gid://platform/ProductVariant/${variant.id}`;
      const res = await gql(`query($id: ID!) { productVariant(id: $id) { id product { id status } } node(id: $id) { id } }`, { id });
      expect(res.data).toEqual({ productVariant: { id, product: { id: gid(variant.product_id), status: 'DRAFT' } }, node: { id } });
      const [theirs] = await rows(`select id::int from product_variants where shop_id = $1 limit 1`, [other.shop.id]);
      const foreign = await gql(`query($id: ID!) { productVariant(id: $id) { id } node(id: $id) { id } }`, { id: `gid://platform/ProductVariant/${theirs.id}` });
      expect(foreign.data).toEqual({ productVariant: null, node: null });
    });

    it('reads the variants and counts of a page of products in constant statements', async () => {
      const count = async (first: number) => {
        const { result, statements } = await sqlDuring(() => gql(`{ products(first: ${first}) { nodes { id variantsCount { count } hasOnlyDefaultVariant variants(first: 5) { nodes { id displayName selectedOptions { name value } } } } } }`));
        expect(result.errors).toBeUndefined();
        return statements.filter((sql) => /products|product_variants|product_options/.test(sql)).length;
      };
      expect(await count(1)).toBe(await count(40));
    });
  });

  describe('collections', () => {
    const cgid = (id: number | string) => `gid://platform/Collection/${id}`;
    const COLLECTIONS = `query($first: Int, $after: String, $query: String, $sortKey: CollectionSortKeys, $reverse: Boolean) {
      collections(first: $first, after: $after, query: $query, sortKey: $sortKey, reverse: $reverse) { nodes { id } pageInfo { hasNextPage endCursor } } }`;
    const walkCollections = async (variables: Record<string, unknown>) => {
      const ids: string[] = [];
      let after: string | null = null;
      for (let i = 0; i < 50; i++) {
        const res: Gql = await gql(COLLECTIONS, { ...variables, first: 2, after });
        expect(res.errors).toBeUndefined();
        ids.push(...res.data.collections.nodes.map((n: any) => n.id));
        if (!res.data.collections.pageInfo.hasNextPage) return ids;
        after = res.data.collections.pageInfo.endCursor;
      }
      throw new Error('the walk did not end');
    };

    it('lists, sorts, searches and counts the shop\'s collections', async () => {
      const stored = await rows(`select id::int, title, handle, description_html, updated_at from collections where shop_id = $1 order by id`, [shop.shop.id]);
      expect(stored.length).toBeGreaterThan(2);
      expect(await walkCollections({})).toEqual(stored.map((c) => cgid(c.id)));
      expect(await walkCollections({ sortKey: 'TITLE', reverse: true })).toEqual(
        (await rows(`select id::int from collections where shop_id = $1 order by lower(title) desc, id desc`, [shop.shop.id])).map((c) => cgid(c.id)),
      );
      const [first] = stored;
      expect(await walkCollections({ query: `handle:${first.handle}` })).toEqual([cgid(first.id)]);
      expect(await walkCollections({ query: 'collection_type:smart' })).toEqual([]);
      const [member] = await rows(`select product_id::int from collection_products where shop_id = $1 order by id limit 1`, [shop.shop.id]);
      expect(await walkCollections({ query: `product_id:${member.product_id}` })).toEqual(
        (await rows(`select collection_id::int as id from collection_products where product_id = $1 order by collection_id`, [member.product_id])).map((c) => cgid(c.id)),
      );
      const res = await gql(`query($id: ID!, $h: String!) { collectionsCount { count precision } collection(id: $id) { id legacyResourceId title handle descriptionHtml description updatedAt }
        byHandle: collectionByIdentifier(identifier: { handle: $h }) { id } node(id: $id) { id } }`, { id: cgid(first.id), h: first.handle });
      expect(res.errors).toBeUndefined();
      expect(res.data).toEqual({
        collectionsCount: { count: stored.length, precision: 'EXACT' },
        collection: { id: cgid(first.id), legacyResourceId: String(first.id), title: first.title, handle: first.handle, descriptionHtml: first.description_html,
          description: expect.any(String), updatedAt: first.updated_at.toISOString() },
        byHandle: { id: cgid(first.id) },
        node: { id: cgid(first.id) },
      });
    });

    it("answers a collection's products in any status in its order, and a product's collections, in constant statements", async () => {
      const [collection] = await rows(`select collection_id::int as id from collection_products where shop_id = $1 group by collection_id having count(*) > 3 order by collection_id limit 1`, [shop.shop.id]);
      const members = await rows(`select product_id::int as id from collection_products where collection_id = $1 order by position, product_id`, [collection.id]);
      await db.query(`update products set status = 'draft' where id = $1`, [members[0].id]);
      const res = await gql(`query($id: ID!) { collection(id: $id) { productsCount { count } products(first: 3) { nodes { id status collections(first: 10) { nodes { id } } } pageInfo { hasNextPage } } } }`, { id: cgid(collection.id) });
      expect(res.errors).toBeUndefined();
      expect(res.data.collection.productsCount.count).toBe(members.length);
      expect(res.data.collection.products.nodes.map((n: any) => n.id)).toEqual(members.slice(0, 3).map((m) => gid(m.id)));
      expect(res.data.collection.products.nodes[0].status).toBe('DRAFT');
      expect(res.data.collection.products.pageInfo.hasNextPage).toBe(true);
      for (const node of res.data.collection.products.nodes) expect(node.collections.nodes.map((c: any) => c.id)).toContain(cgid(collection.id));
      const count = async (first: number) => {
        const { result, statements } = await sqlDuring(() => gql(`{ collections(first: ${first}) { nodes { productsCount { count } products(first: 5) { nodes { id collections(first: 3) { nodes { id } } } } } } }`));
        expect(result.errors).toBeUndefined();
        return statements.filter((sql) => /collections|collection_products|products/.test(sql)).length;
      };
      expect(await count(1)).toBe(await count(20));
    });

    it("never shows another shop's collections", async () => {
      const [theirs] = await rows(`select id::int, handle from collections where shop_id = $1 limit 1`, [other.shop.id]);
      const res = await gql(`query($id: ID!) { collection(id: $id) { id } node(id: $id) { id } byId: collectionByIdentifier(identifier: { id: $id }) { id } }`, { id: cgid(theirs.id) });
      expect(res.data).toEqual({ collection: null, node: null, byId: null });
      const mine = await walkCollections({});
      expect(mine).not.toContain(cgid(theirs.id));
    });
  });

  describe('productsCount', () => {
    it('counts the search exactly, or at least the limit', async () => {
      const [{ n }] = await rows(`select count(*)::int as n from products where shop_id = $1`, [shop.shop.id]);
      const [{ drafts }] = await rows(`select count(*)::int as drafts from products where shop_id = $1 and status = 'draft'`, [shop.shop.id]);
      const res = await gql(`{ all: productsCount { count precision } drafts: productsCount(query: "status:draft") { count precision }
        capped: productsCount(limit: 10) { count precision } uncapped: productsCount(limit: null) { count precision } }`);
      expect(res.errors).toBeUndefined();
      expect(res.data).toEqual({
        all: { count: n, precision: 'EXACT' },
        drafts: { count: drafts, precision: 'EXACT' },
        capped: { count: 10, precision: 'AT_LEAST' },
        uncapped: { count: n, precision: 'EXACT' },
      });
      const bad = await gql('{ productsCount(limit: 0) { count } }');
      expect(bad.errors[0].message).toMatch(/limit/);
    });
  });

  describe('scopes', () => {
    it('answers ACCESS_DENIED without read_products, and the rest of the query still answers', async () => {
      const token = await tokenWith('read_customers');
      const res = await gqlAs(token, '{ shop { name } productsCount { count } product(id: "gid://platform/Product/1") { id } }');
      expect(res.data).toEqual({ shop: { name: 'Acme' }, productsCount: null, product: null });
      expect(res.errors.map((e: any) => [e.path, e.extensions.code, e.extensions.requiredAccess])).toEqual([
        [['productsCount'], 'ACCESS_DENIED', 'read_products'],
        [['product'], 'ACCESS_DENIED', 'read_products'],
      ]);
      const list = await gqlAs(token, '{ products(first: 1) { nodes { id } } }');
      expect(list.data).toBeNull();
      expect(list.errors[0].extensions).toMatchObject({ code: 'ACCESS_DENIED', requiredAccess: 'read_products' });
      const [{ id }] = await rows(`select id::int from products where shop_id = $1 limit 1`, [shop.shop.id]);
      const node = await gqlAs(token, 'query($id: ID!) { node(id: $id) { id } }', { id: gid(id) });
      expect(node.errors[0].extensions).toMatchObject({ code: 'ACCESS_DENIED', requiredAccess: 'read_products' });
    });
  });

  describe('cost and statements', () => {
    it('prices the list by its page size with the one cost model', async () => {
      const res = await gql('{ products(first: 50) { nodes { id title priceRangeV2 { minVariantPrice { amount } } } } }');
      expect(res.errors).toBeUndefined();
      // products: 2 + 50 × (node 1 + priceRangeV2 1 + MoneyV2 1).
      expect(res.extensions.cost.requestedQueryCost).toBe(2 + 50 * 3);
    });

    it('runs one statement for a page of 1 and of 40', async () => {
      const count = async (first: number) => {
        const { result, statements } = await sqlDuring(() => gql(`{ products(first: ${first}) { nodes { ${PRODUCT_FIELDS} } } }`));
        expect(result.errors).toBeUndefined();
        return { statements: statements.filter((sql) => /products/.test(sql)).length, products: result.data.products.nodes.length };
      };
      const one = await count(1);
      const forty = await count(40);
      expect(forty.products).toBe(40);
      expect([one.statements, forty.statements]).toEqual([1, 1]);
    });
  });
});
