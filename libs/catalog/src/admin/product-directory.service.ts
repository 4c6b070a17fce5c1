import { MetafieldsService } from '@platform/metafields';
import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { SqlPool, preparedSql } from '@platform/database';
import { type CursorScope, type ListPage, type PageRequest, type SortSpec, cutPage, keysetPlan } from '@platform/paging';
import { type RequestContext, requestScoped } from '@platform/request';
import { searchSql } from '@platform/search-syntax';
import { SqlParams } from '@platform/sql';
import { ADMIN_PRODUCT_SEARCH, type ProductSort, productSearchScope, productSortSpec } from './product-admin-search.rules.js';
import type { VariantDetail, VariantRecord } from '../catalog.records.js';
import { byId, childPagesLoader, detailsById, groupedBy } from '../record-loaders.js';
import type { ProductMediaRecord } from './product-image.records.js';
import { VARIANT_SEARCH, type VariantSortKey, variantSearchScope, variantSortSpec } from './variant-admin-search.rules.js';
import { FEATURED_MEDIA, MEDIA_BY_IDS, MEDIA_FROM, MEDIA_PAGE_COLUMNS, VARIANT_MEDIA_FROM, adminVariantPageSql, ADMIN_PRODUCTS_BY_IDS, ADMIN_VARIANT_CODES, USED_OPTION_VALUES, ADMIN_PRODUCT_BY_HANDLE, ADMIN_VARIANTS_BY_IDS, VARIANT_COUNTS_OF_PRODUCTS, adminProductCountSql, adminProductPageSql } from './product-admin.sql.js';
import { type CatalogIdentifier, isLookupHandle } from './identifier.rules.js';
import type { AdminProductRecord } from './product-admin.records.js';

type ProductRow = AdminProductRecord & { sortValue?: string };

/**
 * The merchant's reads of products (admin GraphQL): every status, published or not; searched with the hosted syntax
 * (`ADMIN_PRODUCT_SEARCH`, no status filter unless the query has one), sorted by a `ProductSortKeys` value with ties
 * broken by id. One statement a page, one a count, one for every product a request asks by id.
 */
@Injectable()
export class ProductDirectoryService {
  constructor(
    private readonly sql: SqlPool,
    private readonly metafields: MetafieldsService,
  ) {}

  async search(ctx: RequestContext, query: string | null, sort: ProductSort, page: PageRequest): Promise<ListPage<AdminProductRecord>> {
    // $1 shop, $2 limit; the filter, the rank (when the sort uses it) and the cursor add theirs.
    const params = new SqlParams(2);
    const search = searchSql(ADMIN_PRODUCT_SEARCH, query, params);
    const spec = productSortSpec(sort.key, search.rankQuery);
    const walk: PageRequest = { ...page, reverse: page.reverse || sort.reverse };
    const keyset = keysetPlan(productSearchScope(sort.key), spec, walk, 'p.id', params);
    const text = adminProductPageSql({ sortExpression: spec.expression, where: [search.where && `(${search.where})`, keyset.after].filter(Boolean), orderBy: keyset.orderBy });
    // Filtered shapes vary without bound, so only unfiltered lists become prepared statements.
    const rows = await this.sql.rows<ProductRow>(ctx, search.where ? { text } : preparedSql(text), [ctx.shop.id, walk.size + 1, ...params.values]);
    return cutPage(rows, walk, (row) => keyset.cursorOf(row), productRecord);
  }

  /** `productsCount(query:, limit:)`: the count, and whether the limit cut it (`null`: no limit). */
  async count(ctx: RequestContext, query: string | null, limit: number | null): Promise<{ count: number; capped: boolean }> {
    const params = new SqlParams(limit === null ? 1 : 2);
    const { where } = searchSql(ADMIN_PRODUCT_SEARCH, query, params);
    const text = adminProductCountSql(where ? [`(${where})`] : [], limit !== null);
    const values = limit === null ? [ctx.shop.id, ...params.values] : [ctx.shop.id, limit, ...params.values];
    const [row] = await this.sql.rows<{ n: number }>(ctx, where ? { text } : preparedSql(text), values);
    return { count: row!.n, capped: limit !== null && row!.n >= limit };
  }

  /** The product with this id, in any status; null when the shop has none. */
  async product(ctx: RequestContext, id: number): Promise<AdminProductRecord | null> {
    return this.loader(ctx).load(id);
  }

  /** `productByIdentifier`: by id or by handle. */
  async byIdentifier(ctx: RequestContext, identifier: CatalogIdentifier): Promise<AdminProductRecord | null> {
    if ('id' in identifier) return this.product(ctx, identifier.id);
    if ('customId' in identifier) {
      const id = await this.metafields.ownerOfCustomId(ctx, 'PRODUCT', identifier.customId);
      return id === null ? null : this.product(ctx, id);
    }
    if (!isLookupHandle(identifier.handle)) return null;
    const [row] = await this.sql.rows<ProductRow>(ctx, preparedSql(ADMIN_PRODUCT_BY_HANDLE), [ctx.shop.id, identifier.handle]);
    return row ? productRecord(row) : null;
  }

  /** `productVariants(query:, sortKey:)`: variants of products in any status, searched and sorted, ties by id. */
  async variants(ctx: RequestContext, query: string | null, sort: { key: VariantSortKey; reverse: boolean }, page: PageRequest): Promise<ListPage<VariantRecord & VariantDetail>> {
    const params = new SqlParams(2);
    const search = searchSql(VARIANT_SEARCH, query, params);
    const spec = variantSortSpec(sort.key);
    const walk: PageRequest = { ...page, reverse: page.reverse || sort.reverse };
    const keyset = keysetPlan(variantSearchScope(sort.key), spec, walk, 'v.id', params);
    const text = adminVariantPageSql({ sortExpression: spec.expression, where: [search.where && `(${search.where})`, keyset.after].filter(Boolean), orderBy: keyset.orderBy });
    const rows = await this.sql.rows<VariantRecord & VariantDetail & { sortValue: string }>(ctx, search.where ? { text } : preparedSql(text), [ctx.shop.id, walk.size + 1, ...params.values]);
    return cutPage(rows, walk, (row) => keyset.cursorOf(row), ({ sortValue: _sortValue, ...variant }) => variant);
  }

  /** The variant with this id, of a product in any status; null when the shop has none. */
  async variant(ctx: RequestContext, id: number): Promise<(VariantRecord & VariantDetail) | null> {
    return requestScoped(ctx, 'catalog:admin:variant', () => byId<VariantRecord & VariantDetail>((ids) => this.sql.rows(ctx, preparedSql(ADMIN_VARIANTS_BY_IDS), [ctx.shop.id, ids]), { cache: false })).load(id);
  }

  /** A variant's barcode and taxable flag (every variant of a page in one statement). */
  async variantCodes(ctx: RequestContext, id: number): Promise<{ barcode: string | null; taxable: boolean }> {
    return requestScoped(ctx, 'catalog:admin:variantCodes', () =>
      detailsById<{ barcode: string | null; taxable: boolean }>((ids) => this.sql.rows(ctx, preparedSql(ADMIN_VARIANT_CODES), [ctx.shop.id, ids])),
    ).load(id);
  }

  /** The values of each option (by position, from 0) that some variant of the product has (a page of products in one statement). */
  async usedOptionValues(ctx: RequestContext, productId: number): Promise<Set<string>[]> {
    const loader = requestScoped(ctx, 'catalog:admin:usedOptionValues', () =>
      groupedBy<{ productId: number; o1: string[]; o2: string[]; o3: string[] }>((ids) => this.sql.rows(ctx, preparedSql(USED_OPTION_VALUES), [ctx.shop.id, ids]), (row) => row.productId),
    );
    const [row] = await loader.load(productId);
    return row ? [new Set(row.o1), new Set(row.o2), new Set(row.o3)] : [new Set(), new Set(), new Set()];
  }

  /** How many variants the product has, and whether its one variant is the default one (every product of a page in one statement). */
  async variantCount(ctx: RequestContext, productId: number): Promise<{ count: number; defaultOnly: boolean; tracked: boolean }> {
    return requestScoped(ctx, 'catalog:admin:variantCounts', () =>
      new DataLoader<number, { count: number; defaultOnly: boolean; tracked: boolean }>(
        async (ids) => {
          const rows = await this.sql.rows<{ productId: number; n: number; defaultOnly: boolean; tracked: boolean }>(ctx, preparedSql(VARIANT_COUNTS_OF_PRODUCTS), [ctx.shop.id, ids]);
          const byProduct = new Map(rows.map((row) => [row.productId, { count: row.n, defaultOnly: row.n === 1 && row.defaultOnly, tracked: row.tracked }]));
          return ids.map((id) => byProduct.get(id) ?? { count: 0, defaultOnly: false, tracked: false });
        },
        { cache: false },
      ),
    ).load(productId);
  }

  /** `Product.media`: the product's images as media, every status, in display order (every product of a page in one statement). */
  media(ctx: RequestContext, productId: number, page: PageRequest): Promise<ListPage<ProductMediaRecord>> {
    const scope: CursorScope = { connection: 'product.media', sortKey: 'POSITION' };
    const sort: SortSpec = { expression: 'i.position', cast: 'integer', descending: false };
    return childPagesLoader<ProductMediaRecord>(this.sql, ctx, { list: 'admin:media', scope, page, sort, idExpression: 'i.id', columns: MEDIA_PAGE_COLUMNS, from: MEDIA_FROM, parentColumn: 'i.product_id' }).load(productId);
  }

  /** `ProductVariant.media`: the media the variant shows, none or one (every variant of a page in one statement). */
  variantMedia(ctx: RequestContext, variantId: number, page: PageRequest): Promise<ListPage<ProductMediaRecord>> {
    const scope: CursorScope = { connection: 'variant.media', sortKey: 'POSITION' };
    const sort: SortSpec = { expression: 'i.position', cast: 'integer', descending: false };
    return childPagesLoader<ProductMediaRecord>(this.sql, ctx, { list: 'admin:variantMedia', scope, page, sort, idExpression: 'i.id', columns: MEDIA_PAGE_COLUMNS, from: VARIANT_MEDIA_FROM, parentColumn: 'v.id' }).load(variantId);
  }

  /** `Product.featuredMedia`: its first media, or null (every product of a page in one statement). */
  async featuredMedia(ctx: RequestContext, productId: number): Promise<ProductMediaRecord | null> {
    const loader = requestScoped(ctx, 'catalog:admin:featuredMedia', () =>
      groupedBy<ProductMediaRecord>((ids) => this.sql.rows(ctx, preparedSql(FEATURED_MEDIA), [ctx.shop.id, ids]), (row) => Number(row.productId)),
    );
    return (await loader.load(productId))[0] ?? null;
  }

  /** A product image by its id, as media (node(id:)); null when the shop has none. */
  async mediaImage(ctx: RequestContext, id: number): Promise<ProductMediaRecord | null> {
    return requestScoped(ctx, 'catalog:admin:mediaImage', () => byId<ProductMediaRecord>((ids) => this.sql.rows(ctx, preparedSql(MEDIA_BY_IDS), [ctx.shop.id, ids]), { cache: false })).load(id);
  }

  private loader(ctx: RequestContext): DataLoader<number, AdminProductRecord | null> {
    return requestScoped(ctx, 'catalog:admin:product', () =>
      byId<AdminProductRecord>(async (ids) => (await this.sql.rows<ProductRow>(ctx, preparedSql(ADMIN_PRODUCTS_BY_IDS), [ctx.shop.id, ids])).map(productRecord), { cache: false }),
    );
  }
}

function productRecord(row: ProductRow): AdminProductRecord {
  const { sortValue: _sortValue, ...product } = row;
  return product;
}
