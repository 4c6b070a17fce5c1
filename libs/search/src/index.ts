export { SearchStorefrontApiModule } from './search-storefront-api.module.js';
export { StorefrontSearchService, type PredictiveResult, type SearchHit, type SearchResults } from './storefront-search.service.js';
export { SearchErrors, type SearchError, type SearchErrorCode } from './search.errors.js';
