import { MetafieldsService } from '@platform/metafields';
import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { SqlPool, preparedSql } from '@platform/database';
import { type ListPage, type PageRequest, cutPage, keysetPlan } from '@platform/paging';
import { type RequestContext, requestScoped } from '@platform/request';
import { searchSql } from '@platform/search-syntax';
import { SqlParams } from '@platform/sql';
import type { CollectionRecord } from '../catalog.records.js';
import { byId, childPagesLoader } from '../record-loaders.js';
import { COLLECTIONS_BY_IDS } from '../storefront/catalog.sql.js';
import { COLLECTION_SEARCH, type CollectionSortKey, collectionSearchScope, collectionSortSpec } from './collection-admin-search.rules.js';
import {
  ADMIN_COLLECTION_BY_HANDLE,
  COLLECTION_PRODUCTS_FROM,
  COLLECTION_PRODUCT_COLUMNS,
  PRODUCT_COUNTS_OF_COLLECTIONS,
  adminCollectionCountSql,
  adminCollectionPageSql,
} from './collection-admin.sql.js';
import { type CatalogIdentifier, isLookupHandle } from './identifier.rules.js';
import type { AdminProductRecord } from './product-admin.records.js';

type CollectionRow = CollectionRecord & { sortValue?: string };

/**
 * The merchant's reads of collections (admin GraphQL), searched with the hosted syntax (`COLLECTION_SEARCH`) and
 * sorted by a `CollectionSortKeys` value; a collection's products in any status, in the collection's order.
 */
@Injectable()
export class CollectionDirectoryService {
  constructor(
    private readonly sql: SqlPool,
    private readonly metafields: MetafieldsService,
  ) {}

  async search(ctx: RequestContext, query: string | null, sort: { key: CollectionSortKey; reverse: boolean }, page: PageRequest): Promise<ListPage<CollectionRecord>> {
    const params = new SqlParams(2);
    const search = searchSql(COLLECTION_SEARCH, query, params);
    const spec = collectionSortSpec(sort.key, search.rankQuery);
    const walk: PageRequest = { ...page, reverse: page.reverse || sort.reverse };
    const keyset = keysetPlan(collectionSearchScope(sort.key), spec, walk, 'c.id', params);
    const text = adminCollectionPageSql({ sortExpression: spec.expression, where: [search.where && `(${search.where})`, keyset.after].filter(Boolean), orderBy: keyset.orderBy });
    const rows = await this.sql.rows<CollectionRow>(ctx, search.where ? { text } : preparedSql(text), [ctx.shop.id, walk.size + 1, ...params.values]);
    return cutPage(rows, walk, (row) => keyset.cursorOf(row), ({ sortValue: _sortValue, ...collection }) => collection);
  }

  async count(ctx: RequestContext, query: string | null): Promise<number> {
    const params = new SqlParams(1);
    const { where } = searchSql(COLLECTION_SEARCH, query, params);
    const text = adminCollectionCountSql(where ? [`(${where})`] : []);
    const [row] = await this.sql.rows<{ n: number }>(ctx, where ? { text } : preparedSql(text), [ctx.shop.id, ...params.values]);
    return row!.n;
  }

  async collection(ctx: RequestContext, id: number): Promise<CollectionRecord | null> {
    return requestScoped(ctx, 'catalog:admin:collection', () =>
      byId<CollectionRecord>((ids) => this.sql.rows(ctx, preparedSql(COLLECTIONS_BY_IDS), [ctx.shop.id, ids]), { cache: false }),
    ).load(id);
  }

  async byIdentifier(ctx: RequestContext, identifier: CatalogIdentifier): Promise<CollectionRecord | null> {
    if ('id' in identifier) return this.collection(ctx, identifier.id);
    if ('customId' in identifier) {
      const id = await this.metafields.ownerOfCustomId(ctx, 'COLLECTION', identifier.customId);
      return id === null ? null : this.collection(ctx, id);
    }
    if (!isLookupHandle(identifier.handle)) return null;
    const [row] = await this.sql.rows<CollectionRecord>(ctx, preparedSql(ADMIN_COLLECTION_BY_HANDLE), [ctx.shop.id, identifier.handle]);
    return row ?? null;
  }

  /** A collection's products in any status, in the collection's order (every collection of a page in one statement). */
  products(ctx: RequestContext, collectionId: number, page: PageRequest): Promise<ListPage<AdminProductRecord>> {
    return childPagesLoader<AdminProductRecord>(this.sql, ctx, {
      list: 'admin:collection.products',
      scope: { connection: 'admin.collection.products', sortKey: 'MANUAL' },
      page,
      sort: { expression: 'cp.position', cast: 'integer', descending: false },
      idExpression: 'p.id',
      columns: COLLECTION_PRODUCT_COLUMNS,
      from: COLLECTION_PRODUCTS_FROM,
      parentColumn: 'cp.collection_id',
    }).load(collectionId);
  }

  async productsCount(ctx: RequestContext, collectionId: number): Promise<number> {
    return requestScoped(ctx, 'catalog:admin:collectionProductCounts', () =>
      new DataLoader<number, number>(
        async (ids) => {
          const rows = await this.sql.rows<{ collectionId: number; n: number }>(ctx, preparedSql(PRODUCT_COUNTS_OF_COLLECTIONS), [ctx.shop.id, ids]);
          const byCollection = new Map(rows.map((row) => [row.collectionId, row.n]));
          return ids.map((id) => byCollection.get(id) ?? 0);
        },
        { cache: false },
      ),
    ).load(collectionId);
  }
}
