import type { SortSpec } from '@platform/paging';

export const PRODUCT_SORT_KEYS = ['TITLE', 'PRODUCT_TYPE', 'VENDOR', 'UPDATED_AT', 'CREATED_AT', 'BEST_SELLING', 'PRICE', 'ID', 'RELEVANCE'] as const;
export type ProductSortKey = (typeof PRODUCT_SORT_KEYS)[number];

export const PRODUCT_COLLECTION_SORT_KEYS = ['TITLE', 'PRICE', 'BEST_SELLING', 'CREATED', 'ID', 'MANUAL', 'COLLECTION_DEFAULT', 'RELEVANCE'] as const;
export type ProductCollectionSortKey = (typeof PRODUCT_COLLECTION_SORT_KEYS)[number];

export const COLLECTION_SORT_KEYS = ['TITLE', 'UPDATED_AT', 'ID', 'RELEVANCE'] as const;
export type CollectionSortKey = (typeof COLLECTION_SORT_KEYS)[number];

const BY_ID: SortSpec = { expression: 'p.id', cast: 'bigint', descending: false };

// Sales are not recorded yet, so BEST_SELLING orders by id (stable) until orders feed a sales count.
// RELEVANCE ranks by the query's bare words (`rankQuery` adds their parameter) and is ID without any.
export function productSort(key: ProductSortKey, rankQuery: (() => string) | null): SortSpec {
  switch (key) {
    case 'TITLE':
      return { expression: 'p.title', cast: 'text', descending: false };
    case 'PRODUCT_TYPE':
      return { expression: 'p.product_type', cast: 'text', descending: false };
    case 'VENDOR':
      return { expression: 'p.vendor', cast: 'text', descending: false };
    case 'UPDATED_AT':
      return { expression: 'p.updated_at', cast: 'timestamptz', descending: false };
    case 'CREATED_AT':
      return { expression: 'p.created_at', cast: 'timestamptz', descending: false };
    case 'PRICE':
      return { expression: 'p.min_price', cast: 'numeric', descending: false };
    case 'RELEVANCE':
      return rankQuery ? { expression: `ts_rank(p.search_vector, ${rankQuery()})`, cast: 'real', descending: true } : BY_ID;
    case 'BEST_SELLING':
    case 'ID':
      return BY_ID;
  }
}

export function productInCollectionSort(key: ProductCollectionSortKey): SortSpec {
  switch (key) {
    case 'TITLE':
      return { expression: 'p.title', cast: 'text', descending: false };
    case 'PRICE':
      return { expression: 'p.min_price', cast: 'numeric', descending: false };
    case 'CREATED':
      return { expression: 'p.created_at', cast: 'timestamptz', descending: false };
    case 'ID':
      return BY_ID;
    case 'MANUAL':
    case 'COLLECTION_DEFAULT':
    case 'BEST_SELLING':
    case 'RELEVANCE':
      return { expression: 'cp.position', cast: 'integer', descending: false };
  }
}

export function collectionSort(key: CollectionSortKey): SortSpec {
  switch (key) {
    case 'TITLE':
      return { expression: 'c.title', cast: 'text', descending: false };
    case 'UPDATED_AT':
      return { expression: 'c.updated_at', cast: 'timestamptz', descending: false };
    case 'ID':
    case 'RELEVANCE':
      return { expression: 'c.id', cast: 'bigint', descending: false };
  }
}
