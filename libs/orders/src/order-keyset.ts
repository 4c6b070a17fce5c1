import { DomainError } from '@platform/errors';
import type { PageRequest } from '@platform/graphql';
import type { RecordPage } from './order-records.js';

/** An opaque cursor: the sort value and id of an edge, base64url-encoded JSON. */
export function encodeCursor(sortValue: string | number, id: number): string {
  return Buffer.from(JSON.stringify([sortValue, id])).toString('base64url');
}

/** The sort value and id of a cursor; `valid` checks the value's shape for the list's sort key. */
export function decodeCursor(cursor: string, argument: string, valid: (value: unknown) => boolean): [unknown, number] {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(decoded) && decoded.length === 2 && Number.isSafeInteger(decoded[1]) && valid(decoded[0])) return [decoded[0], decoded[1] as number];
  } catch {
    // falls through to the error below
  }
  throw new DomainError('UNPROCESSABLE', `Invalid cursor for ${argument}`, { field: argument, code: 'INVALID_CURSOR', extensions: { argument } });
}

/** Whether a page walks its list downwards: `reverse` flips the natural ascending order, `last/before` flips it again. */
export function walksDescending(page: PageRequest): boolean {
  return page.reverse !== !page.forward;
}

/**
 * Cuts a page from rows fetched in walking order with one extra row (size + 1): the extra row means more in
 * the walking direction, a cursor means rows on the other side. Backward pages come back flipped.
 */
export function toRecordPage<T extends { id: number }>(rows: T[], page: PageRequest, sortValue: (row: T) => string | number): RecordPage<T> {
  const more = rows.length > page.size;
  const kept = more ? rows.slice(0, page.size) : rows;
  const ordered = page.forward ? kept : [...kept].reverse();
  return {
    items: ordered.map((record) => ({ cursor: encodeCursor(sortValue(record), record.id), record })),
    hasNextPage: page.forward ? more : Boolean(page.cursor),
    hasPreviousPage: page.forward ? Boolean(page.cursor) : more,
  };
}

/** The same page cut from a whole list held in memory (ascending by id), for short child lists. */
export function pageOfList<T extends { id: number }>(list: readonly T[], page: PageRequest): RecordPage<T> {
  const descending = walksDescending(page);
  const walked = descending ? [...list].reverse() : [...list];
  let rows = walked;
  if (page.cursor) {
    const [, id] = decodeCursor(page.cursor, page.forward ? 'after' : 'before', (v) => typeof v === 'number');
    rows = walked.filter((r) => (descending ? r.id < id : r.id > id));
  }
  return toRecordPage(rows.slice(0, page.size + 1), page, (r) => r.id);
}
