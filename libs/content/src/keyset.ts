import { DomainError } from '@platform/errors';

/** Keyset page over ids: `first` rows after `afterId` (exclusive), by id ascending, or descending with `reverse`. */
export interface KeysetPage {
  first: number;
  afterId?: number | null;
  reverse?: boolean;
}

/** A page of rows and whether more follow in the same direction. */
export interface KeysetResult<T> {
  nodes: T[];
  hasMore: boolean;
}

export const MAX_KEYSET_PAGE = 250;

/** The id condition, order and limit (one extra row to learn whether more follow) of a keyset page. */
export function keysetQuery(page: KeysetPage): { where: { id?: { $gt: number } | { $lt: number } }; orderBy: { id: 'asc' | 'desc' }; limit: number } {
  if (!Number.isSafeInteger(page.first) || page.first < 0 || page.first > MAX_KEYSET_PAGE) {
    throw new DomainError('UNPROCESSABLE', `must be an integer from 0 to ${MAX_KEYSET_PAGE}`, { field: 'first', code: 'INVALID' });
  }
  const after = page.afterId ?? null;
  const where = after === null ? {} : { id: page.reverse ? { $lt: after } : { $gt: after } };
  return { where, orderBy: { id: page.reverse ? 'desc' : 'asc' }, limit: page.first + 1 };
}

/** Cuts the extra row off a keyset query's result. */
export function keysetResult<R, T>(rows: R[], page: KeysetPage, read: (row: R) => T): KeysetResult<T> {
  return { nodes: rows.slice(0, page.first).map(read), hasMore: rows.length > page.first };
}

/** Values for `keys`, in their order (null where none): what a DataLoader batch function returns. */
export function alignTo<K, T>(keys: readonly K[], found: Map<K, T>): (T | null)[] {
  return keys.map((k) => found.get(k) ?? null);
}
