import { type CursorScope, cursorCodec } from './cursor.js';
import { type PageRequest, walksDescending } from './page-request.js';

/** A page of a connection: rows with their cursors, and whether more lie beyond either end. */
export interface ListPage<T> {
  items: { readonly cursor: string; readonly record: T }[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

/** A row of a page; its cursor is encoded only if the client asks for it (most ask for nodes only). */
class PageItem<R, T> {
  constructor(
    private readonly row: R,
    readonly record: T,
    private readonly cursorOf: (row: R) => string,
  ) {}

  get cursor(): string {
    return this.cursorOf(this.row);
  }
}

/**
 * Cuts a page from rows fetched in walking order with one extra row (size + 1): the extra row means more in
 * the walking direction, a cursor means rows on the other side. Backward pages come back in list order.
 */
export function cutPage<R, T = R>(rows: readonly R[], page: PageRequest, cursorOf: (row: R) => string, recordOf: (row: R) => T = (row) => row as unknown as T): ListPage<T> {
  const more = rows.length > page.size;
  const kept = rows.slice(0, page.size);
  const ordered = page.forward ? kept : kept.reverse();
  return {
    items: ordered.map((row) => new PageItem(row, recordOf(row), cursorOf)),
    hasNextPage: page.forward ? more : Boolean(page.cursor),
    hasPreviousPage: page.forward ? Boolean(page.cursor) : more,
  };
}

/**
 * A page of a short list held in memory, in ascending order of `keyOf` (an id, or the position in the list),
 * the key being the cursor: what keyset SQL does, for lists loaded whole.
 */
export function pageOfList<T>(list: readonly T[], page: PageRequest, scope: CursorScope, keyOf: (item: T, index: number) => number): ListPage<T> {
  const codec = cursorCodec(scope, ['bigint']);
  const position = codec.positionOf(page);
  const descending = walksDescending(page);
  const keyed = list.map((item, index) => ({ item, key: keyOf(item, index) }));
  const walked = descending ? keyed.reverse() : keyed;
  const past = position === null ? walked : walked.filter(({ key }) => (descending ? key < (position[0] as number) : key > (position[0] as number)));
  return cutPage(
    past.slice(0, page.size + 1),
    page,
    ({ key }) => codec.encode([key]),
    ({ item }) => item,
  );
}
