export { SearchStorefrontApiModule } from './search-storefront-api.module.js';
export { StorefrontSearchService, type PredictiveResult, type SearchHit, type SearchResultPage } from './storefront-search.service.js';
