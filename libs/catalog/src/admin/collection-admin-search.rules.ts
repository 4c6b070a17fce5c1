import type { CursorScope, SortSpec } from '@platform/paging';
import { type Searchable, dateCompare, idCompare, inCommaList, textContains } from '@platform/search-syntax';

/** The admin `collections(sortKey:)` values (the hosted `CollectionSortKeys`). */
export const COLLECTION_SORT_KEYS = ['ID', 'TITLE', 'UPDATED_AT', 'RELEVANCE'] as const;
export type CollectionSortKey = (typeof COLLECTION_SORT_KEYS)[number];

const COLLECTION_TEXT = `to_tsvector('english', c.title)`;

/**
 * How the admin `collections(query:)` filters collections (aliased `c`): `title` (contains), `handle` (a comma list),
 * `id`, `updated_at`, `product_id` (collections holding that product) and `collection_type` (`custom`: every
 * collection is manual; `smart`: none yet). Bare words and unknown fields match the title.
 */
export const COLLECTION_SEARCH: Searchable = {
  vector: COLLECTION_TEXT,
  term(field, term, param) {
    switch (field) {
      case 'title':
        return textContains('c.title', term, param);
      case 'handle':
        return inCommaList('c.handle', term, param);
      case 'id':
        return idCompare('c.id', term, param);
      case 'updated_at':
        return dateCompare('c.updated_at', term, param);
      case 'product_id':
        return /^\d{1,18}$/.test(term.value)
          ? `exists (select 1 from collection_products cp where cp.collection_id = c.id and cp.shop_id = c.shop_id and cp.product_id = ${param(term.value)}::bigint)`
          : 'false';
      case 'collection_type':
        return term.value.toLowerCase() === 'custom' ? 'true' : 'false';
      default:
        return undefined;
    }
  },
};

const BY_ID: SortSpec = { expression: 'c.id', cast: 'bigint', descending: false };

/** The order of an admin collections list; ties broken by id. RELEVANCE ranks by the query's bare words (id order without any). */
export function collectionSortSpec(key: CollectionSortKey, rankQuery: (() => string) | null): SortSpec {
  switch (key) {
    case 'TITLE':
      return { expression: 'lower(c.title)', cast: 'text', descending: false };
    case 'UPDATED_AT':
      return { expression: 'c.updated_at', cast: 'timestamptz', descending: false };
    case 'RELEVANCE':
      return rankQuery ? { expression: `ts_rank(${COLLECTION_TEXT}, ${rankQuery()})`, cast: 'real', descending: true } : BY_ID;
    case 'ID':
      return BY_ID;
  }
}

export function collectionSearchScope(key: CollectionSortKey): CursorScope {
  return { connection: 'admin.collections', sortKey: key };
}
