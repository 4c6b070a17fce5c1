import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { byId, childPagesLoader, detailsById, groupedBy } from '../record-loaders.js';
import { SqlPool, preparedSql } from '@platform/database';
import { type CursorScope, type ListPage, type PageRequest, type SortSpec, cursorCodec, cutPage, keysetPlan, toListPage } from '@platform/paging';
import { SqlParams } from '@platform/sql';
import { escapeLike } from '@platform/search-syntax';
import { type MaybePromise, type RequestContext, requestScoped } from '@platform/request';
import type {
  CollectionRecord,
  ImageRecord,
  OptionRecord,
  ProductDetail,
  ProductRecord,
  ReadShape,
  VariantDetail,
  VariantOf,
  VariantRecord,
} from '../catalog.records.js';
import {
  COLLECTIONS_BY_IDS,
  COLLECTIONS_OF_PRODUCTS_COLUMNS,
  COLLECTIONS_OF_PRODUCTS_FROM,
  COLLECTION_BY_HANDLE,
  COLLECTION_COLUMNS,
  FEATURED_IMAGES_OF_PRODUCTS,
  IMAGES_FROM,
  IMAGE_PAGE_COLUMNS,
  OPTIONS_OF_PRODUCTS,
  PRODUCTS_BY_IDS,
  PRODUCT_BY_HANDLE,
  PRODUCT_COLUMNS,
  PRODUCT_DETAILS_BY_IDS,
  PRODUCT_VISIBLE,
  VARIANTS_BY_IDS,
  VARIANTS_FROM,
  VARIANT_DETAILS_BY_IDS,
  productColumns,
  variantColumns,
} from './catalog.sql.js';
import { productSearchSql } from './product-search.sql.js';
import {
  type CollectionSortKey,
  type ProductCollectionSortKey,
  type ProductSortKey,
  collectionSort,
  productInCollectionSort,
  productSort,
} from './sort-keys.js';

type Sorted<T> = T & { sortValue: string };

const position = (alias: string): SortSpec => ({ expression: `${alias}.position`, cast: 'integer', descending: false });
const BY_POSITION = (connection: string): CursorScope => ({ connection, sortKey: 'POSITION' });
const PRODUCT_TAGS: CursorScope = { connection: 'productTags', sortKey: 'TAG' };

const statements = {
  productsByIds: preparedSql(PRODUCTS_BY_IDS),
  productByHandle: preparedSql(PRODUCT_BY_HANDLE),
  collectionsByIds: preparedSql(COLLECTIONS_BY_IDS),
  collectionByHandle: preparedSql(COLLECTION_BY_HANDLE),
  variantsByIds: preparedSql(VARIANTS_BY_IDS),
  optionsOfProducts: preparedSql(OPTIONS_OF_PRODUCTS),
  featuredImages: preparedSql(FEATURED_IMAGES_OF_PRODUCTS),
  productDetails: preparedSql(PRODUCT_DETAILS_BY_IDS),
  variantDetails: preparedSql(VARIANT_DETAILS_BY_IDS),
};

/**
 * Storefront reads of the catalog: keyset pages for root connections, and per-request DataLoaders that
 * batch every nested list into one statement per level (no N+1).
 */
@Injectable()
export class CatalogStorefrontService {
  constructor(private readonly sql: SqlPool) {}

  async products(ctx: RequestContext, page: PageRequest, sortKey: ProductSortKey, query: string | null | undefined, shape: ReadShape): Promise<ListPage<ProductRecord>> {
    // $1 shop, $2 limit; the filter, the rank (when the sort uses it) and the cursor add theirs.
    const params = new SqlParams(2);
    const search = productSearchSql(query, params);
    const sort = productSort(sortKey, search.rankQuery);
    const keyset = keysetPlan({ connection: 'products', sortKey }, sort, page, 'p.id', params);
    const text = `select ${productColumns(shape)}, (${sort.expression})::text as "sortValue" from products p
      where p.shop_id = $1 and ${PRODUCT_VISIBLE}${and(search.where)}${and(keyset.after)}
      order by ${keyset.orderBy} limit $2`;
    // Filtered shapes vary without bound, so only unfiltered listings become prepared statements.
    const statement = search.where ? { text } : preparedSql(text);
    const rows = await this.sql.rows<Sorted<ProductRecord>>(ctx, statement, [ctx.shop.id, page.size + 1, ...params.values]);
    return toListPage(rows, page, keyset);
  }

  /** Collections whose title contains every word (predictive search). */
  async searchCollections(ctx: RequestContext, terms: string, limit: number): Promise<CollectionRecord[]> {
    const words = terms.split(/\s+/).filter(Boolean).slice(0, 5);
    if (words.length === 0) return [];
    const conditions = words.map((_, i) => `c.title ilike $${i + 3}`).join(' and ');
    return this.sql.rows<CollectionRecord>(ctx, 
      { text: `select ${COLLECTION_COLUMNS} from collections c where c.shop_id = $1 and ${conditions} order by c.title, c.id limit $2` },
      [ctx.shop.id, limit, ...words.map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)],
    );
  }

  /** Distinct tags of visible products, alphabetical, keyset-paged by the tag itself (forward only). */
  async productTags(ctx: RequestContext, first: number, after?: string | null): Promise<ListPage<string>> {
    const page: PageRequest = { forward: true, size: first, cursor: after ?? undefined, reverse: false };
    const codec = cursorCodec(PRODUCT_TAGS, ['text']);
    const position = codec.positionOf(page);
    const rows = await this.sql.rows<{ tag: string }>(ctx, 
      preparedSql(`select distinct t.tag from products p, unnest(p.tags) as t(tag)
        where p.shop_id = $1 and ${PRODUCT_VISIBLE} and ($3::text is null or t.tag > $3) order by t.tag limit $2`),
      [ctx.shop.id, first + 1, position?.[0] ?? null],
    );
    return cutPage(rows, page, (row) => codec.encode([row.tag]), (row) => row.tag);
  }

  async collections(ctx: RequestContext, page: PageRequest, sortKey: CollectionSortKey, query?: string | null): Promise<ListPage<CollectionRecord>> {
    const sort = collectionSort(sortKey);
    const title = query?.replace(/^title:/, '').trim();
    const params = new SqlParams(2);
    const where = title ? ` and c.title ilike ${params.add(`%${escapeLike(title)}%`)}` : '';
    const keyset = keysetPlan({ connection: 'collections', sortKey }, sort, page, 'c.id', params);
    const text = `select ${COLLECTION_COLUMNS}, (${sort.expression})::text as "sortValue" from collections c
      where c.shop_id = $1${where}${and(keyset.after)} order by ${keyset.orderBy} limit $2`;
    const rows = await this.sql.rows<Sorted<CollectionRecord>>(ctx, title ? { text } : preparedSql(text), [ctx.shop.id, page.size + 1, ...params.values]);
    return toListPage(rows, page, keyset);
  }

  product(ctx: RequestContext, id: number): Promise<ProductRecord | null> {
    return this.productLoader(ctx).load(id);
  }

  async productByHandle(ctx: RequestContext, handle: string): Promise<ProductRecord | null> {
    const [row] = await this.sql.rows<ProductRecord>(ctx, statements.productByHandle, [ctx.shop.id, handle]);
    return row ?? null;
  }

  collection(ctx: RequestContext, id: number): Promise<CollectionRecord | null> {
    return this.collectionLoader(ctx).load(id);
  }

  async collectionByHandle(ctx: RequestContext, handle: string): Promise<CollectionRecord | null> {
    const [row] = await this.sql.rows<CollectionRecord>(ctx, statements.collectionByHandle, [ctx.shop.id, handle]);
    return row ?? null;
  }

  variant(ctx: RequestContext, id: number): Promise<VariantRecord | null> {
    return requestScoped(ctx, 'catalog:variant', () => byId<VariantRecord>((ids) => this.sql.rows(ctx, statements.variantsByIds, [ctx.shop.id, ids]))).load(id);
  }

  options(ctx: RequestContext, productId: number): Promise<OptionRecord[]> {
    return requestScoped(ctx, 'catalog:options', () =>
      groupedBy<OptionRecord>((ids) => this.sql.rows(ctx, statements.optionsOfProducts, [ctx.shop.id, ids]), (r) => r.productId),
    ).load(productId);
  }

  async featuredImage(ctx: RequestContext, productId: number): Promise<ImageRecord | null> {
    const images = await requestScoped(ctx, 'catalog:featuredImage', () =>
      groupedBy<ImageRecord>((ids) => this.sql.rows(ctx, statements.featuredImages, [ctx.shop.id, ids]), (r) => r.productId),
    ).load(productId);
    return images[0] ?? null;
  }

  /** The detail of a product read as a card: from the record when it has it, else one batched read per request level. */
  productDetail(ctx: RequestContext, product: ProductRecord): MaybePromise<ProductDetail> {
    if (product.createdAt !== undefined) return product as ProductDetail;
    return requestScoped(ctx, 'catalog:productDetail', () => detailsById<ProductDetail>((ids) => this.sql.rows(ctx, statements.productDetails, [ctx.shop.id, ids]))).load(product.id);
  }

  /** The detail of a variant read as a card (see productDetail). */
  variantDetail(ctx: RequestContext, variant: VariantRecord): MaybePromise<VariantDetail> {
    if (variant.title !== undefined) return variant as VariantDetail;
    return requestScoped(ctx, 'catalog:variantDetail', () => detailsById<VariantDetail>((ids) => this.sql.rows(ctx, statements.variantDetails, [ctx.shop.id, ids]))).load(variant.id);
  }

  variants<S extends ReadShape>(ctx: RequestContext, productId: number, page: PageRequest, shape: S): Promise<ListPage<VariantOf<S>>> {
    const columns = `${variantColumns(shape)}, v.position as "sortValue"`;
    return this.childPages<VariantOf<S>>(ctx, `variants:${shape}`, BY_POSITION('product.variants'), page, position('v'), 'v.id', columns, VARIANTS_FROM, 'v.product_id').load(productId);
  }

  images(ctx: RequestContext, productId: number, page: PageRequest): Promise<ListPage<ImageRecord>> {
    return this.childPages<ImageRecord>(ctx, 'images', BY_POSITION('product.images'), page, position('i'), 'i.id', IMAGE_PAGE_COLUMNS, IMAGES_FROM, 'i.product_id').load(productId);
  }

  collectionsOfProduct(ctx: RequestContext, productId: number, page: PageRequest): Promise<ListPage<CollectionRecord>> {
    const byId: SortSpec = { expression: 'c.id', cast: 'bigint', descending: false };
    const scope: CursorScope = { connection: 'product.collections', sortKey: 'ID' };
    return this.childPages<CollectionRecord>(ctx, 'collections', scope, page, byId, 'c.id', COLLECTIONS_OF_PRODUCTS_COLUMNS, COLLECTIONS_OF_PRODUCTS_FROM, 'cp.product_id').load(productId);
  }

  productsOfCollection(
    ctx: RequestContext,
    collectionId: number,
    page: PageRequest,
    sortKey: ProductCollectionSortKey,
    shape: ReadShape,
  ): Promise<ListPage<ProductRecord>> {
    const sort = productInCollectionSort(sortKey);
    return this.childPages<ProductRecord>(
      ctx,
      `products:${sortKey}:${shape}`,
      { connection: 'collection.products', sortKey },
      page,
      sort,
      'p.id',
      `${productColumns(shape)}, (${sort.expression})::text as "sortValue"`,
      `collection_products cp join products p on p.id = cp.product_id
        where cp.shop_id = $1 and cp.collection_id = any($2::bigint[]) and ${PRODUCT_VISIBLE}`,
      'cp.collection_id',
    ).load(collectionId);
  }

  private productLoader(ctx: RequestContext): DataLoader<number, ProductRecord | null> {
    return requestScoped(ctx, 'catalog:product', () => byId<ProductRecord>((ids) => this.sql.rows(ctx, statements.productsByIds, [ctx.shop.id, ids])));
  }

  private collectionLoader(ctx: RequestContext): DataLoader<number, CollectionRecord | null> {
    return requestScoped(ctx, 'catalog:collection', () => byId<CollectionRecord>((ids) => this.sql.rows(ctx, statements.collectionsByIds, [ctx.shop.id, ids])));
  }

  // One loader per (list, page arguments): every parent asking the same page shares one statement.
  private childPages<T extends { id: number }>(
    ctx: RequestContext,
    list: string,
    scope: CursorScope,
    page: PageRequest,
    sort: SortSpec,
    idExpression: string,
    columns: string,
    from: string,
    parentColumn: string,
  ): DataLoader<number, ListPage<T>> {
    return childPagesLoader<T>(this.sql, ctx, { list, scope, page, sort, idExpression, columns, from, parentColumn });
  }
  /**
   * Search results from a keyset position: visible products matching `tsquery` (to_tsquery syntax), by
   * relevance (ts_rank, best first) or price, walked in the given directions, with the count of every match.
   * `unavailable`: HIDE drops products not for sale, LAST sorts them after everything else. One statement.
   */
  async rankedProductMatches(
    ctx: RequestContext,
    tsquery: string,
    walk: {
      sortKey: 'RELEVANCE' | 'PRICE';
      unavailable: 'HIDE' | 'LAST' | 'SHOW';
      valueDescending: boolean;
      idDescending: boolean;
      after: { value: string; idBound: number } | null;
      limit: number;
    },
  ): Promise<{ total: number; rows: { value: string; record: ProductRecord }[] }> {
    const price = walk.sortKey === 'PRICE';
    const cast = price ? 'numeric' : 'real';
    const base = price ? 'p.min_price' : `ts_rank(p.search_vector, to_tsquery('english', $2))`;
    // LAST: unavailable products move past every rank (ranks are >= 0) or price.
    const value = walk.unavailable !== 'LAST' ? base : price ? `(${base} + case when p.available_for_sale then 0 else 1e12 end)` : `(${base} - case when p.available_for_sale then 0 else 10 end)::real`;
    const after = walk.after
      ? `where m.sort_value ${walk.valueDescending ? '<' : '>'} $4::${cast} or (m.sort_value = $4::${cast} and m.id ${walk.idDescending ? '<' : '>'} $5::bigint)`
      : '';
    const orderBy = (alias: string) => `${alias}.sort_value ${walk.valueDescending ? 'desc' : 'asc'}, ${alias}.id ${walk.idDescending ? 'desc' : 'asc'}`;
    // Every match is ranked and counted, but only ids and ranks are kept; the page's rows are read after.
    const text = `with m as materialized (select p.id, ${value} as sort_value from products p
        where p.shop_id = $1 and ${PRODUCT_VISIBLE} and p.search_vector @@ to_tsquery('english', $2)${walk.unavailable === 'HIDE' ? ' and p.available_for_sale' : ''})
      select c.total, r.sort_value::text as "sortValue", ${PRODUCT_COLUMNS} from (select count(*)::int as total from m) c
      left join lateral (select m.id, m.sort_value from m ${after}
        order by ${orderBy('m')} limit $3) r on true
      left join products p on p.shop_id = $1 and p.id = r.id
      order by ${orderBy('r')}`;
    const params: unknown[] = [ctx.shop.id, tsquery, walk.limit];
    if (walk.after) params.push(walk.after.value, walk.after.idBound);
    // The text varies only with the walk's flags (a few dozen shapes), so it is prepared: planning costs as much as a rare word's search.
    const rows = await this.sql.rows<ProductRecord & { total: number; sortValue: string | null }>(ctx, preparedSql(text), params);
    return {
      total: rows[0]?.total ?? 0,
      rows: rows
        .filter((r) => r.id !== null)
        .map(({ total: _t, sortValue, ...record }) => ({ value: sortValue as string, record: record as ProductRecord })),
    };
  }

  /**
   * Query suggestions: distinct title words and tags of visible products starting with `prefix`, on products
   * that also match `tsquery` (the words typed before it) when given; shortest first.
   */
  async productQuerySuggestions(ctx: RequestContext, tsquery: string | null, prefix: string, limit: number): Promise<string[]> {
    const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const matching = tsquery ? ` and p.search_vector @@ to_tsquery('english', $4)` : '';
    const rows = await this.sql.rows<{ text: string }>(ctx, 
      {
        text: `select s.text from (
          select lower(w) as text from products p, regexp_split_to_table(p.title, '[^[:alnum:]]+') w
            where p.shop_id = $1 and ${PRODUCT_VISIBLE}${matching} and lower(w) like $2
          union
          select lower(t) from products p, unnest(p.tags) t where p.shop_id = $1 and ${PRODUCT_VISIBLE}${matching} and lower(t) like $2
        ) s order by length(s.text), s.text limit $3`,
      },
      tsquery ? [ctx.shop.id, pattern, limit, tsquery] : [ctx.shop.id, pattern, limit],
    );
    return rows.map((r) => r.text);
  }
}

function and(condition: string): string {
  return condition ? ` and ${condition}` : '';
}
