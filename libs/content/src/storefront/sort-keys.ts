import type { SortSpec } from '@platform/paging';
import { ContentErrors } from '../content.errors.js';

// The hosted platform's sort keys of content connections. RELEVANCE ranks by the bare words of `query`
// (best first; `rankQuery` adds their parameter) and falls back to ID without any.

export const PAGE_SORT_KEYS = ['ID', 'RELEVANCE', 'TITLE', 'UPDATED_AT'] as const;
export type PageSortKey = (typeof PAGE_SORT_KEYS)[number];

export const BLOG_SORT_KEYS = ['HANDLE', 'ID', 'RELEVANCE', 'TITLE'] as const;
export type BlogSortKey = (typeof BLOG_SORT_KEYS)[number];

export const ARTICLE_SORT_KEYS = ['AUTHOR', 'BLOG_TITLE', 'ID', 'PUBLISHED_AT', 'RELEVANCE', 'TITLE', 'UPDATED_AT'] as const;
export type ArticleSortKey = (typeof ARTICLE_SORT_KEYS)[number];

/** `metaobjects(sortKey:)` is a string on the hosted platform, documented as `id` or `updated_at`. */
export const METAOBJECT_SORT_KEYS = ['id', 'updated_at'] as const;
export type MetaobjectSortKey = (typeof METAOBJECT_SORT_KEYS)[number];

const byId = (alias: string): SortSpec => ({ expression: `${alias}.id`, cast: 'bigint', descending: false });
const text = (expression: string): SortSpec => ({ expression, cast: 'text', descending: false });
const time = (expression: string): SortSpec => ({ expression, cast: 'timestamptz', descending: false });
const rank = (vector: string, rankQuery: () => string): SortSpec => ({ expression: `ts_rank(${vector}, ${rankQuery()})`, cast: 'real', descending: true });

export function pageSort(key: PageSortKey, vector: string, rankQuery: (() => string) | null): SortSpec {
  switch (key) {
    case 'TITLE':
      return text('pg.title');
    case 'UPDATED_AT':
      return time('pg.updated_at');
    case 'RELEVANCE':
      return rankQuery ? rank(vector, rankQuery) : byId('pg');
    case 'ID':
      return byId('pg');
  }
}

export function blogSort(key: BlogSortKey, vector: string, rankQuery: (() => string) | null): SortSpec {
  switch (key) {
    case 'HANDLE':
      return text('b.handle');
    case 'TITLE':
      return text('b.title');
    case 'RELEVANCE':
      return rankQuery ? rank(vector, rankQuery) : byId('b');
    case 'ID':
      return byId('b');
  }
}

/** Articles are read joined to their blog (`b`), for BLOG_TITLE and the `blog_title:` filter. */
export function articleSort(key: ArticleSortKey, vector: string, rankQuery: (() => string) | null): SortSpec {
  switch (key) {
    case 'AUTHOR':
      return text('a.author_name');
    case 'BLOG_TITLE':
      return text('b.title');
    case 'PUBLISHED_AT':
      return time('a.published_at');
    case 'TITLE':
      return text('a.title');
    case 'UPDATED_AT':
      return time('a.updated_at');
    case 'RELEVANCE':
      return rankQuery ? rank(vector, rankQuery) : byId('a');
    case 'ID':
      return byId('a');
  }
}

export function metaobjectSort(key: string | null | undefined): SortSpec {
  switch (key ?? 'id') {
    case 'id':
      return byId('m');
    case 'updated_at':
      return time('m.updated_at');
    default:
      throw ContentErrors.INVALID_SORT_KEY(`Invalid sort key '${key}': use ${METAOBJECT_SORT_KEYS.join(' or ')}`, {
        field: 'sortKey',
        extensions: { argument: 'sortKey' },
      });
  }
}
