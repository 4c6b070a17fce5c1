import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { SqlPool, preparedSql } from '@platform/database';
import { type ListPage, type PageRequest, type SortSpec, cutPage, keysetPlan } from '@platform/paging';
import { type RequestContext, requestScoped } from '@platform/request';
import { searchSql } from '@platform/search-syntax';
import { SqlParams } from '@platform/sql';
import { byId, childPagesLoader } from '../record-loaders.js';
import type { InventoryItemRecord, InventoryLevelRecord, LocationRecord } from './inventory.records.js';
import { INVENTORY_ITEM_SEARCH } from './inventory-item-search.rules.js';
import {
  ITEMS_BY_IDS,
  LEVELS_BY_IDS,
  LEVELS_AT_PAIRS,
  LEVEL_COUNTS,
  LEVELS_OF_ITEMS_FROM,
  LEVELS_OF_LOCATIONS_FROM,
  LEVEL_PAGE_COLUMNS,
  LOCATIONS_BY_IDS,
  itemPageSql,
  locationPageSql,
} from './inventory.sql.js';

const BY_LOCATION_ID: SortSpec = { expression: 'l.id', cast: 'bigint', descending: false };
const BY_ITEM_ID: SortSpec = { expression: 'v.id', cast: 'bigint', descending: false };
const BY_LEVEL_ID: SortSpec = { expression: 'il.id', cast: 'bigint', descending: false };

/**
 * The merchant's reads of stock: locations, inventory items (a variant's), levels and their quantities. Every read of
 * a page's objects is one statement (DataLoaders per request, no cache: writes earlier in the request are seen).
 */
@Injectable()
export class InventoryDirectoryService {
  constructor(private readonly sql: SqlPool) {}

  location(ctx: RequestContext, id: number): Promise<LocationRecord | null> {
    return requestScoped(ctx, 'inventory:location', () => byId<LocationRecord>((ids) => this.sql.rows(ctx, preparedSql(LOCATIONS_BY_IDS), [ctx.shop.id, ids]), { cache: false })).load(id);
  }

  /** The shop's locations in id order; inactive ones only when asked. */
  async locations(ctx: RequestContext, page: PageRequest, includeInactive: boolean): Promise<ListPage<LocationRecord>> {
    const params = new SqlParams(3);
    const keyset = keysetPlan({ connection: 'admin.locations', sortKey: 'ID' }, BY_LOCATION_ID, page, 'l.id', params);
    const text = locationPageSql(keyset.after ? [keyset.after] : [], keyset.orderBy);
    const rows = await this.sql.rows<LocationRecord & { sortValue: string }>(ctx, preparedSql(text), [ctx.shop.id, page.size + 1, includeInactive, ...params.values]);
    return cutPage(rows, page, (row) => keyset.cursorOf(row), ({ sortValue: _sortValue, ...location }) => location);
  }

  item(ctx: RequestContext, id: number): Promise<InventoryItemRecord | null> {
    return requestScoped(ctx, 'inventory:item', () => byId<InventoryItemRecord>((ids) => this.sql.rows(ctx, preparedSql(ITEMS_BY_IDS), [ctx.shop.id, ids]), { cache: false })).load(id);
  }

  /** Inventory items searched (`sku`, `id`, `created_at`, `updated_at`), in id order. */
  async items(ctx: RequestContext, query: string | null, page: PageRequest): Promise<ListPage<InventoryItemRecord>> {
    const params = new SqlParams(2);
    const search = searchSql(INVENTORY_ITEM_SEARCH, query, params);
    const keyset = keysetPlan({ connection: 'admin.inventoryItems', sortKey: 'ID' }, BY_ITEM_ID, page, 'v.id', params);
    const text = itemPageSql([search.where && `(${search.where})`, keyset.after].filter(Boolean), keyset.orderBy);
    const rows = await this.sql.rows<InventoryItemRecord & { sortValue: string }>(ctx, search.where ? { text } : preparedSql(text), [ctx.shop.id, page.size + 1, ...params.values]);
    return cutPage(rows, page, (row) => keyset.cursorOf(row), ({ sortValue: _sortValue, ...item }) => item);
  }

  level(ctx: RequestContext, id: number): Promise<InventoryLevelRecord | null> {
    return requestScoped(ctx, 'inventory:level', () => byId<InventoryLevelRecord>((ids) => this.sql.rows(ctx, preparedSql(LEVELS_BY_IDS), [ctx.shop.id, ids]), { cache: false })).load(id);
  }

  /** An item's level at a location, or null where it is not stocked (every item of a page in one statement). */
  levelAt(ctx: RequestContext, itemId: number, locationId: number): Promise<InventoryLevelRecord | null> {
    const loader = requestScoped(ctx, 'inventory:levelAt', () =>
      new DataLoader<string, InventoryLevelRecord | null>(
        async (keys) => {
          const pairs = keys.map((key) => key.split(':').map(Number) as [number, number]);
          const rows = await this.sql.rows<InventoryLevelRecord>(ctx, LEVELS_AT_PAIRS, [ctx.shop.id, pairs.map((p) => p[0]), pairs.map((p) => p[1])]);
          const found = new Map(rows.map((row) => [`${row.itemId}:${row.locationId}`, row]));
          return keys.map((key) => found.get(key) ?? null);
        },
        { cache: false },
      ),
    );
    return loader.load(`${itemId}:${locationId}`);
  }

  /** How many levels the item has (every item of a page in one statement). */
  levelCount(ctx: RequestContext, itemId: number): Promise<number> {
    return requestScoped(ctx, 'inventory:levelCount', () =>
      new DataLoader<number, number>(
        async (ids) => {
          const rows = await this.sql.rows<{ itemId: number; n: number }>(ctx, LEVEL_COUNTS, [ctx.shop.id, ids]);
          const counts = new Map(rows.map((row) => [Number(row.itemId), row.n]));
          return ids.map((id) => counts.get(id) ?? 0);
        },
        { cache: false },
      ),
    ).load(itemId);
  }

  levelsOfItem(ctx: RequestContext, itemId: number, page: PageRequest): Promise<ListPage<InventoryLevelRecord>> {
    return this.levelsOf(ctx, 'item', itemId, page);
  }

  levelsOfLocation(ctx: RequestContext, locationId: number, page: PageRequest): Promise<ListPage<InventoryLevelRecord>> {
    return this.levelsOf(ctx, 'location', locationId, page);
  }

  private levelsOf(ctx: RequestContext, parent: 'item' | 'location', parentId: number, page: PageRequest): Promise<ListPage<InventoryLevelRecord>> {
    return childPagesLoader<InventoryLevelRecord>(this.sql, ctx, {
      list: `inventory:${parent}.levels`,
      scope: { connection: `admin.${parent}.inventoryLevels`, sortKey: 'ID' },
      page,
      sort: BY_LEVEL_ID,
      idExpression: 'il.id',
      columns: LEVEL_PAGE_COLUMNS,
      from: parent === 'item' ? LEVELS_OF_ITEMS_FROM : LEVELS_OF_LOCATIONS_FROM,
      parentColumn: parent === 'item' ? 'il.variant_id' : 'il.location_id',
    }).load(parentId);
  }
}
