export { SearchStorefrontApiModule } from './search-storefront-api.module.js';
export { SearchService } from './search.service.js';
export type { PredictiveResult, SearchHit, SearchResults } from './search.records.js';
export { SearchErrors, type SearchError, type SearchErrorCode } from './search.errors.js';
