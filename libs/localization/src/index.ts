export { LocalizationModule, LocalizationStorefrontApiModule } from './localization.module.js';
export { LocalizationErrors, type LocalizationError, type LocalizationErrorCode } from './localization.errors.js';
export { PresentmentService, type Presentment } from './presentment.service.js';
export { MarketsService } from './markets.service.js';
export { convertPrice, type PriceConversion } from './market.rules.js';
export type { ImportedMarket, MarketRead, NewMarket } from './market.types.js';
export { TranslationsService } from './translations.service.js';
export { TRANSLATABLE_RESOURCE_TYPES, type TranslatableResourceType } from './translation.entity.js';
export type { NewTranslation, TranslatedFields } from './translation.types.js';
