import type { CollectionRecord, ProductRecord } from '@platform/catalog';
import type { ArticleRecord, PageRecord } from '@platform/content';
import type { ListPage } from '@platform/paging';

export type SearchHit = { type: 'PRODUCT'; record: ProductRecord } | { type: 'PAGE'; record: PageRecord } | { type: 'ARTICLE'; record: ArticleRecord };

/** A page of search hits and the number of matches of every requested type. */
export type SearchResults = ListPage<SearchHit> & { readonly totalCount: number };

export interface PredictiveResult {
  products: ProductRecord[];
  collections: CollectionRecord[];
  pages: PageRecord[];
  articles: ArticleRecord[];
  queries: { text: string; styledText: string }[];
}
