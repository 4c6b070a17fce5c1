import type { PageRequest } from '@platform/paging';
import type { SearchSortKey, SearchType, UnavailableProducts } from './search.rules.js';

export interface SearchInput {
  query: string;
  page: PageRequest;
  sortKey: SearchSortKey;
  types?: readonly SearchType[] | null;
  prefix: boolean;
  unavailable: UnavailableProducts;
}

export const PREDICTIVE_TYPES = ['ARTICLE', 'COLLECTION', 'PAGE', 'PRODUCT', 'QUERY'] as const;
export type PredictiveType = (typeof PREDICTIVE_TYPES)[number];
export const MAX_PREDICTIVE_LIMIT = 10;

export interface PredictiveInput {
  query: string;
  limit: number;
  limitScope: 'ALL' | 'EACH';
  types?: readonly PredictiveType[] | null;
  unavailable: UnavailableProducts;
}
