import { type NodeValue, connectionOf } from '@platform/graphql-types';
import type { PredictiveResult, SearchHit, SearchResults } from '../../search.records.js';
import type { PredictiveSearchResult, SearchResultItemConnection, SearchResultNode } from './search.type.js';

/** A record as its own context shows it on the storefront (the view its node type registered). */
export type ShowRecord = (type: 'Article' | 'Collection' | 'Page' | 'Product', record: object) => NodeValue;

const TYPE_NAMES = { ARTICLE: 'Article', PAGE: 'Page', PRODUCT: 'Product' } as const;

export function searchConnectionView(results: SearchResults, show: ShowRecord): SearchResultItemConnection {
  const view = (hit: SearchHit) => show(TYPE_NAMES[hit.type], hit.record) as SearchResultNode;
  // Assigned, not spread: spreading would read the connection's lazy edges.
  return Object.assign(connectionOf(results, view), { totalCount: results.totalCount });
}

export function predictiveView(result: PredictiveResult, show: ShowRecord): PredictiveSearchResult {
  const all = <V>(type: Parameters<ShowRecord>[0], records: object[]) => records.map((record) => show(type, record) as V);
  return {
    products: all('Product', result.products),
    collections: all('Collection', result.collections),
    pages: all('Page', result.pages),
    articles: all('Article', result.articles),
    queries: result.queries.map((q) => ({ ...q, trackingParameters: null })),
  };
}
