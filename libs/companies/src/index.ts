// The companies context's public door (B2B): companies, their locations' catalogs and contacts, and the buyer of
// `@inContext(buyer:)`. The checked buyer of a request is read with `buyerOf(ctx)` from @platform/localization.
export { CompaniesModule } from './companies.module.js';
export { CompaniesStorefrontApiModule } from './companies-storefront-api.module.js';
export { CompaniesService } from './companies.service.js';
export { BuyersService, type BuyerInput } from './buyers.service.js';
/** The storefront GraphQL hook that checks `@inContext(buyer:)` before execution (listed in apps/api). */
export { BuyerContextHook } from './buyer-context.hook.js';
export { CompanyErrors, type CompanyError, type CompanyErrorCode } from './companies.errors.js';
export type { NewCompany, NewCompanyCatalog, NewCompanyContact, NewCompanyLocation } from './company.inputs.js';
export {
  CATALOG_ADJUSTMENT_TYPES,
  type CatalogAdjustment,
  type CatalogAdjustmentType,
  type FixedPrice,
  type ImportedCompany,
  type PricePair,
  type PriceRangeRecord,
} from './company.records.js';
