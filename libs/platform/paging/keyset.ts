import type { SqlParams } from '@platform/sql';
import { type CursorScope, type CursorValueType, cursorCodec } from './cursor.js';
import { type ListPage, cutPage } from './list-page.js';
import { type PageRequest, walksDescending } from './page-request.js';

// Keyset pagination of connections: opaque cursors of (sort value, id), tuple comparisons an index on
// (shop_id, column, id) can serve, no OFFSET, so page 1,000 costs what page 1 costs.

/** How a list is ordered: one sort expression, ties broken by id, both in the same direction. */
export interface SortSpec {
  /** SQL expression of the sort value (e.g. `p.title`). */
  readonly expression: string;
  /** Postgres type the cursor value has and is cast to when compared. */
  readonly cast: Exclude<CursorValueType, readonly string[]>;
  /** Natural direction of the key (RELEVANCE is best first). */
  readonly descending: boolean;
}

/** A row of a keyset walk: its id and, unless the list is ordered by id, its sort value as selected. */
export interface KeysetRow {
  id: number;
  sortValue?: unknown;
}

export interface KeysetPlan {
  /** `order by` clause body. */
  orderBy: string;
  /** Condition placing rows past the page's cursor (empty without one); its values are in the statement's parameters. */
  after: string;
  /** The cursor of a row of this list. */
  cursorOf(row: KeysetRow): string;
}

/**
 * The order and cursor condition of a page of `scope`'s list sorted by `sort`. The page's cursor is checked to
 * belong to this connection and sort key (else "Invalid cursor") before its values join `params`.
 */
export function keysetPlan(scope: CursorScope, sort: SortSpec, page: PageRequest, idExpression: string, params: SqlParams): KeysetPlan {
  const descending = walksDescending(page, sort.descending);
  const direction = descending ? 'desc' : 'asc';
  const past = descending ? '<' : '>';
  // Lists ordered by id carry the id alone.
  if (sort.expression === idExpression) {
    const codec = cursorCodec(scope, ['bigint']);
    const position = codec.positionOf(page);
    return {
      orderBy: `${idExpression} ${direction}`,
      after: position ? `${idExpression} ${past} ${params.add(position[0])}::bigint` : '',
      cursorOf: (row) => codec.encode([row.id]),
    };
  }
  const codec = cursorCodec(scope, [sort.cast, 'bigint']);
  const position = codec.positionOf(page);
  return {
    orderBy: `${sort.expression} ${direction}, ${idExpression} ${direction}`,
    after: position ? `(${sort.expression}, ${idExpression}) ${past} (${params.add(position[0])}::${sort.cast}, ${params.add(position[1])}::bigint)` : '',
    cursorOf: (row) => codec.encode([row.sortValue as string | number, row.id]),
  };
}

/** A page of rows fetched in walking order with one extra row (size + 1), each with its cursor. */
export function toListPage<T extends KeysetRow>(rows: readonly T[], page: PageRequest, keyset: KeysetPlan): ListPage<T> {
  return cutPage(rows, page, (row) => keyset.cursorOf(row));
}
