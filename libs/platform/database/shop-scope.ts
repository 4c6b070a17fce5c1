import { LRUCache } from 'lru-cache';

// A table named after FROM, JOIN, UPDATE or INTO (optionally quoted).
const TABLE_REFERENCE = /\b(?:from|join|update|into)\s+"?([a-z_][a-z0-9_]*)"?/gi;
const SHOP_ID = /\bshop_id\b/i;

// Texts already found scoped: listings build a few shapes each, so the set of texts is small. Bounded in bytes (the
// text is the statement's own string, kept alive here; the entry around it).
const SCOPED_TEXTS_BYTES = 2 * 1024 * 1024;
const scoped = new LRUCache<string, true>({ maxSize: SCOPED_TEXTS_BYTES, sizeCalculation: (_found, text) => 96 + text.length * 2 });

/** The tenant tables (those with a `shop_id`) a statement reads or writes without naming `shop_id` anywhere. */
export function unscopedTenantTables(text: string, tenantTables: ReadonlySet<string>): string[] {
  if (SHOP_ID.test(text)) return [];
  const tables = new Set<string>();
  for (const match of text.matchAll(TABLE_REFERENCE)) {
    const table = match[1]!.toLowerCase();
    if (tenantTables.has(table)) tables.add(table);
  }
  return [...tables];
}

/**
 * Refuses a statement on a tenant table that does not name `shop_id`: raw SQL has no tenant filter, so the statement
 * must scope itself (`where shop_id = $1`). Once per statement text; a bug, not the caller's input, when it throws.
 */
export function assertShopScoped(text: string, tenantTables: ReadonlySet<string>): void {
  if (scoped.has(text)) return;
  const tables = unscopedTenantTables(text, tenantTables);
  if (tables.length > 0) throw new Error(`SQL on ${tables.join(', ')} without shop_id: every statement on a tenant table names its shop`);
  scoped.set(text, true);
}
