import DataLoader from 'dataloader';
import { type SqlPool, preparedSql } from '@platform/database';
import { type CursorScope, type ListPage, type PageRequest, type SortSpec, childrenPageSql, keysetPlan, pageKey, toListPage } from '@platform/paging';
import { type RequestContext, requestScoped } from '@platform/request';
import { SqlParams } from '@platform/sql';

// The catalog's per-request loaders of rows by id: one statement for every id a request level asks.

/**
 * Records by id, in the order asked, null where the shop has none. `cache: false` batches only, for the admin side
 * whose writes later in the same request must be seen by the next read.
 */
export function byId<T extends { id: number }>(load: (ids: number[]) => Promise<T[]>, options: { cache?: boolean } = {}): DataLoader<number, T | null> {
  return new DataLoader<number, T | null>(
    async (ids) => {
      const valid = [...new Set(ids.filter(Number.isSafeInteger))];
      const found = new Map((valid.length === 0 ? [] : await load(valid)).map((r) => [r.id, r]));
      return ids.map((id) => found.get(id) ?? null);
    },
    { cache: options.cache ?? true },
  );
}

// Details of records the request already holds: one missing means the row was deleted meanwhile.
export function detailsById<T>(load: (ids: readonly number[]) => Promise<(T & { id: number })[]>): DataLoader<number, T> {
  return new DataLoader<number, T>(async (ids) => {
    const found = new Map((await load(ids)).map((r) => [r.id, r]));
    return ids.map((id) => found.get(id) ?? new Error(`record ${id} is no longer in the catalog`));
  });
}

/** Rows grouped by `key` (a product's options), an empty list for an id without any. */
export function groupedBy<T>(load: (ids: readonly number[]) => Promise<T[]>, key: (row: T) => number): DataLoader<number, T[]> {
  return new DataLoader<number, T[]>(async (ids) => {
    const rows = await load(ids);
    const groups = new Map<number, T[]>();
    for (const row of rows) {
      const list = groups.get(key(row));
      if (list) list.push(row);
      else groups.set(key(row), [row]);
    }
    return ids.map((id) => groups.get(id) ?? []);
  });
}

/** A nested connection's list: its rows (`columns` from `from`, the parents' `$2`), its order and cursor scope. */
export interface ChildList {
  /** Names the loader within the request, with the page's arguments. */
  list: string;
  scope: CursorScope;
  page: PageRequest;
  sort: SortSpec;
  idExpression: string;
  columns: string;
  from: string;
  parentColumn: string;
}

type Child<T> = T & { sortValue: string; parentId: number };

/** One loader per (list, page arguments): every parent asking the same page shares one statement. */
export function childPagesLoader<T extends { id: number }>(sql: SqlPool, ctx: RequestContext, child: ChildList): DataLoader<number, ListPage<T>> {
  const { list, scope, page, sort, idExpression, columns, from, parentColumn } = child;
  return requestScoped(ctx, `catalog:${list}:${pageKey(page)}`, () => {
    // $1 shop, $2 parent ids, $3 rows per parent; the cursor adds its values.
    const params = new SqlParams(3);
    const keyset = keysetPlan(scope, sort, page, idExpression, params);
    const statement = preparedSql(childrenPageSql({ columns, from, parentColumn, keyset }));
    return new DataLoader<number, ListPage<T>>(async (parentIds) => {
      const rows = await sql.rows<Child<T>>(ctx, statement, [ctx.shop.id, parentIds, page.size + 1, ...params.values]);
      const byParent = new Map<number, Child<T>[]>();
      for (const row of rows) {
        const kept = byParent.get(row.parentId);
        if (kept) kept.push(row);
        else byParent.set(row.parentId, [row]);
      }
      return parentIds.map((id) => toListPage(byParent.get(id) ?? [], page, keyset));
    });
  });
}
