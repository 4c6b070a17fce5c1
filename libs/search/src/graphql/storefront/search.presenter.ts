import { collectionView, productView } from '@platform/catalog';
import { articleView, pageView } from '@platform/content';
import { connectionOf } from '@platform/graphql';
import type { PredictiveResult, SearchHit, SearchResults } from '../../storefront-search.service.js';
import type { PredictiveSearchResult, SearchResultItemConnection, SearchResultNode } from './search.types.js';

export function searchResultView(hit: SearchHit): SearchResultNode {
  switch (hit.type) {
    case 'PRODUCT':
      return productView(hit.record);
    case 'PAGE':
      return pageView(hit.record);
    case 'ARTICLE':
      return articleView(hit.record);
  }
}

export function searchConnectionView(results: SearchResults): SearchResultItemConnection {
  // Assigned, not spread: spreading would read the connection's lazy edges.
  return Object.assign(connectionOf(results, searchResultView), { totalCount: results.totalCount });
}

export function predictiveView(result: PredictiveResult): PredictiveSearchResult {
  return {
    products: result.products.map(productView),
    collections: result.collections.map(collectionView),
    pages: result.pages.map(pageView),
    articles: result.articles.map(articleView),
    queries: result.queries.map((q) => ({ ...q, trackingParameters: null })),
  };
}
