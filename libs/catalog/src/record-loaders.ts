import DataLoader from 'dataloader';

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
