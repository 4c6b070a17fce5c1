// Localization's public door: modules, services, the records and import types they take and return, error codes.
export { LocalizationModule, LocalizationStorefrontApiModule } from './localization.module.js';
export { LocalizationErrors, type LocalizationError, type LocalizationErrorCode } from './localization.errors.js';
export { PresentmentService, type Presentment } from './presentment.service.js';
export { MarketsService } from './markets.service.js';
export type { ImportedMarket, MarketRead, NewMarket } from './market.types.js';
export { TranslationsService } from './translations.service.js';
export type { TranslatableResourceType } from './translation.entity.js';
export type { NewTranslation, TranslatedFields } from './translation.types.js';
