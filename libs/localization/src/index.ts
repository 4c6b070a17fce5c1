// Localization's public door: modules, services, the records and import types they take and return, error codes.
export { LocalizationModule } from './localization.module.js';
export { LocalizationStorefrontApiModule } from './localization-storefront-api.module.js';
export { LocalizationErrors, type LocalizationError, type LocalizationErrorCode } from './localization.errors.js';
export { PresentmentService, type Presentment, type PricedProduct, type PricedVariant, type PriceRangeV2 } from './presentment.service.js';
export { MarketsService } from './markets.service.js';
export type { NewMarket } from './market.inputs.js';
export type { ImportedMarket, MarketRecord } from './market.records.js';
export { TranslationsService } from './translations.service.js';
export type { TranslatableResourceType } from './translation.entity.js';
export type { NewTranslation } from './translation.inputs.js';
export type { TranslatedFields } from './translation.records.js';
export { buyerOf, setBuyerOf, type BuyerContext, type BuyerPricePair, type BuyerPriceRange, type BuyerPrices } from './buyer-context.js';
