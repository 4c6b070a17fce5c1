import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { appIdOf } from '@platform/auth';
import { SqlPool, insertRows, preparedSql } from '@platform/database';
import { type KeysetRow, type ListPage, type PageRequest, type SortSpec, cutPage, keysetPlan, pageKey } from '@platform/paging';
import { SqlParams } from '@platform/sql';
import { type RequestContext, requestScoped } from '@platform/request';
import { uniqueOn } from './import-checks.js';
import { uniqueWithin } from './content.rules.js';
import { Metafield } from './metafield.entity.js';
import { metafieldRow } from './metafield.rules.js';
import type { NewMetafield } from './metafield.inputs.js';
import type { MetafieldOwnerType } from './metafield.entity.js';
import type { MetafieldRecord } from './metafield.records.js';
import { ADMIN_METAFIELDS_BY_IDS, METAFIELDS_BY_OWNER_KEYS, SET_METAFIELDS, metafieldsOfOwnersSql } from './metafield.sql.js';


// An owner's metafields page in id order (the hosted platform names no sort key for them).
const BY_ID: SortSpec = { expression: 'mf.id', cast: 'bigint', descending: false };
const byOwnerKeys = preparedSql(METAFIELDS_BY_OWNER_KEYS);
const byIds = preparedSql(ADMIN_METAFIELDS_BY_IDS);

type MetafieldRow = MetafieldRecord & KeysetRow & { parentId: number; rn: number };

/**
 * Metafields: custom data on products, collections, the shop, pages, articles, blogs and customers. Writes go
 * through `ctx.em`; the admin reads run on the SQL pool, one statement per level of a query for every owner
 * of that level.
 */
@Injectable()
export class MetafieldsService {
  constructor(private readonly sql: SqlPool) {}

  /**
   * Creates metafields in one transaction; returns their ids in the order given. Owners are held by plain id
   * (a SHOP metafield must name the shop itself); reads are scoped to the shop, so no other shop sees them.
   */
  async importMetafields(ctx: RequestContext, metafields: NewMetafield[]): Promise<number[]> {
    if (metafields.length === 0) return [];
    const shopId = ctx.shop.id;
    const rows = metafields.map((m, i) => metafieldRow(m, shopId, `metafields[${i}]`));
    uniqueWithin(rows, (r) => `${r.ownerType}/${r.ownerId}/${r.namespace}/${r.key}`, (i) => `metafields[${i}].key`);
    return uniqueOn('key', ctx.em.transactional((em) => insertRows(em, Metafield, rows.map((r) => ({ shopId, ...r })))));
  }

  /**
   * Sets metafields of one owner, by namespace and key: new ones are created, existing ones take the new type, value
   * and description. Pass `inTransaction(ctx, em)` to write within the caller's transaction.
   */
  async setMetafields(ctx: RequestContext, ownerType: MetafieldOwnerType, ownerId: number, metafields: Omit<NewMetafield, 'ownerType' | 'ownerId'>[]): Promise<void> {
    if (metafields.length === 0) return;
    const shopId = ctx.shop.id;
    const rows = metafields.map((m, i) => metafieldRow({ ...m, ownerType, ownerId }, shopId, `metafields[${i}]`));
    uniqueWithin(rows, (r) => `${r.namespace}/${r.key}`, (i) => `metafields[${i}].key`);
    await this.sql.run(ctx, SET_METAFIELDS, [
      shopId,
      ownerType,
      ownerId,
      rows.map((r) => r.namespace),
      rows.map((r) => r.key),
      rows.map((r) => r.type),
      rows.map((r) => r.value),
      rows.map((r) => r.description ?? null),
    ]);
  }

  /** Deletes every metafield of one owner (when the owner is deleted); `inTransaction(ctx, em)` joins the caller's transaction. */
  async deleteMetafields(ctx: RequestContext, ownerType: MetafieldOwnerType, ownerId: number): Promise<number> {
    return ctx.em.nativeDelete(Metafield, { shopId: ctx.shop.id, ownerType, ownerId });
  }

  /**
   * A page of one owner's metafields in id order, narrowed to a `namespace` and to `keys` (`namespace.key`)
   * when given. Every owner of a level asking the same page and filters shares one statement.
   */
  metafieldsOfOwner(
    ctx: RequestContext,
    ownerType: MetafieldOwnerType,
    ownerId: number,
    page: PageRequest,
    namespace?: string | null,
    keys?: readonly string[] | null,
  ): Promise<ListPage<MetafieldRecord>> {
    const filters = { namespace: namespace ?? null, keys: keys ? keys.map(splitKey) : null };
    return requestScoped(ctx, `content:metafieldsOf:${ownerType}:${pageKey(page)}:${JSON.stringify(filters)}`, () => {
      // $1 shop, $2 owner ids, $3 rows per owner; the owner type, the filters and the cursor add theirs.
      const params = new SqlParams(3);
      const type = params.add(ownerType);
      const where: string[] = [];
      if (filters.namespace !== null) where.push(`mf.namespace = ${params.add(filters.namespace)}`);
      if (filters.keys !== null) {
        where.push(`(mf.namespace, mf.key) in (select * from unnest(${params.add(filters.keys.map((k) => k.namespace))}::text[], ${params.add(filters.keys.map((k) => k.key))}::text[]))`);
      }
      const keyset = keysetPlan({ connection: `${ownerType.toLowerCase()}.metafields`, sortKey: 'ID' }, BY_ID, page, 'mf.id', params);
      const statement = preparedSql(metafieldsOfOwnersSql(keyset, type, where));
      return new DataLoader<number, ListPage<MetafieldRecord>>(async (ownerIds) => {
        const rows = await this.sql.rows<MetafieldRow>(ctx, statement, [ctx.shop.id, ownerIds, page.size + 1, ...params.values]);
        const byOwner = new Map<number, MetafieldRow[]>();
        for (const row of rows) {
          const list = byOwner.get(row.parentId);
          if (list) list.push(row);
          else byOwner.set(row.parentId, [row]);
        }
        return ownerIds.map((id) => cutPage(byOwner.get(id) ?? [], page, (row) => keyset.cursorOf(row), withoutPaging));
      });
    }).load(ownerId);
  }

  /**
   * One owner's metafield by namespace and key, or null; an omitted namespace is the calling app's reserved one
   * (`app--<app id>`). Every lookup of a level shares one statement.
   */
  metafieldOfOwner(ctx: RequestContext, ownerType: MetafieldOwnerType, ownerId: number, namespace: string | null | undefined, key: string): Promise<MetafieldRecord | null> {
    const loader = requestScoped(ctx, `content:metafieldOf:${ownerType}`, () =>
      new DataLoader<string, MetafieldRecord | null>(async (wanted) => {
        const triples = wanted.map((w) => JSON.parse(w) as [number, string, string]);
        const rows = await this.sql.rows<MetafieldRecord>(ctx, byOwnerKeys, [ctx.shop.id, ownerType, triples.map((t) => t[0]), triples.map((t) => t[1]), triples.map((t) => t[2])]);
        const found = new Map(rows.map((r) => [JSON.stringify([r.ownerId, r.namespace, r.key]), r]));
        return wanted.map((w) => found.get(w) ?? null);
      }),
    );
    return loader.load(JSON.stringify([ownerId, namespaceOf(ctx, namespace), key]));
  }

  /** Metafields of the shop by id (the admin `node`), in the order asked, null where the shop has none. */
  async metafieldsByIds(ctx: RequestContext, ids: readonly number[]): Promise<(MetafieldRecord | null)[]> {
    const loader = requestScoped(ctx, 'content:metafieldsById', () =>
      new DataLoader<number, MetafieldRecord | null>(async (batch) => {
        const valid = [...new Set(batch.filter(Number.isSafeInteger))];
        const rows = valid.length === 0 ? [] : await this.sql.rows<MetafieldRecord>(ctx, byIds, [ctx.shop.id, valid]);
        const found = new Map(rows.map((r) => [r.id, r]));
        return batch.map((id) => found.get(id) ?? null);
      }),
    );
    return loader.loadMany(ids) as Promise<(MetafieldRecord | null)[]>;
  }
}

// `namespace.key`: keys hold no dot, so the last one splits; an entry without one matches nothing.
function splitKey(entry: string): { namespace: string; key: string } {
  const dot = entry.lastIndexOf('.');
  return dot < 0 ? { namespace: '', key: entry } : { namespace: entry.slice(0, dot), key: entry.slice(dot + 1) };
}

function namespaceOf(ctx: RequestContext, namespace: string | null | undefined): string {
  if (namespace) return namespace;
  const appId = appIdOf(ctx.caller);
  return appId === null ? '' : `app--${appId}`;
}

// The row's window-function columns are not the record's.
function withoutPaging(row: MetafieldRow): MetafieldRecord {
  const { parentId: _parentId, rn: _rn, sortValue: _sortValue, ...record } = row;
  return record;
}
