import { DomainError } from '@platform/errors';
import type { PageRequest } from './page-request.js';

// Keyset pagination of connections: opaque cursors of (sort value, id), tuple comparisons an index on
// (shop_id, column, id) can serve, no OFFSET, so page 1,000 costs what page 1 costs.

/** How a list is ordered: one sort expression, ties broken by id, both in the same direction. */
export interface SortSpec {
  /** SQL expression of the sort value (e.g. `p.title`). */
  readonly expression: string;
  /** Postgres type the cursor value is cast to when compared (`text`, `timestamptz`, `bigint`, `real`). */
  readonly cast: string;
  /** Natural direction of the key (RELEVANCE is best first). */
  readonly descending: boolean;
}

/** An opaque cursor: the sort value and id of an edge, base64url-encoded JSON. */
export function encodeCursor(sortValue: unknown, id: number): string {
  const value = sortValue instanceof Date ? sortValue.toISOString() : sortValue;
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

export function decodeCursor(cursor: string, argument: string): [unknown, number] {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(decoded) && decoded.length === 2 && Number.isSafeInteger(decoded[1])) return [decoded[0], decoded[1] as number];
  } catch {
    // falls through to the error below
  }
  throw new DomainError('UNPROCESSABLE', `Invalid cursor for ${argument}`, { field: argument, code: 'INVALID_CURSOR', extensions: { argument } });
}

export interface KeysetPlan {
  /** `order by` clause body. */
  orderBy: string;
  /** Condition placing rows after the cursor (empty without one), with `$<n>` placeholders from `firstParam`. */
  after: string;
  params: unknown[];
  /** Rows come back in reverse (backward pages) and must be flipped. */
  flip: boolean;
}

export function keysetPlan(sort: SortSpec, page: PageRequest, idExpression: string, firstParam: number): KeysetPlan {
  // Walking order: the key's natural direction, flipped by `reverse`, flipped again for `last/before`.
  const descending = sort.descending !== page.reverse !== !page.forward;
  const direction = descending ? 'desc' : 'asc';
  const orderBy = `${sort.expression} ${direction}, ${idExpression} ${direction}`;
  if (!page.cursor) return { orderBy, after: '', params: [], flip: !page.forward };
  const [value, id] = decodeCursor(page.cursor, page.forward ? 'after' : 'before');
  const after = `(${sort.expression}, ${idExpression}) ${descending ? '<' : '>'} ($${firstParam}::${sort.cast}, $${firstParam + 1}::bigint)`;
  return { orderBy, after, params: [value, id], flip: !page.forward };
}

/** A page of a connection: rows with their cursors, and whether more lie beyond either end. */
export interface ListPage<T> {
  items: { readonly cursor: string; readonly record: T }[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

/** A row of a page; its cursor is encoded only if the client asks for it (most ask for nodes only). */
class PageItem<T extends { id: number }> {
  constructor(
    readonly record: T,
    private readonly sortValue: unknown,
  ) {}

  get cursor(): string {
    return encodeCursor(this.sortValue, this.record.id);
  }
}

/** Cuts the extra row (fetched to learn whether more follow), restores the order of backward pages, adds cursors. */
export function toListPage<T extends { id: number }>(rows: (T & { sortValue: string })[], page: PageRequest, flip: boolean): ListPage<T> {
  const more = rows.length > page.size;
  const kept = more ? rows.slice(0, page.size) : rows;
  const ordered = flip ? kept.reverse() : kept;
  return {
    items: ordered.map((row) => new PageItem<T>(row, row.sortValue)),
    // Forward: the extra row means more after; a cursor means rows before. Backward: the mirror image.
    hasNextPage: page.forward ? more : Boolean(page.cursor),
    hasPreviousPage: page.forward ? Boolean(page.cursor) : more,
  };
}
