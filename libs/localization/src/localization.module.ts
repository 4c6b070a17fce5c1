import { Module } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { LocalizationStorefrontResolver } from './graphql/localization.storefront.resolver.js';
import { LocalizationService } from './localization.service.js';
import { Market } from './market.entity.js';
import { MarketsService } from './markets.service.js';
import { PresentmentService } from './presentment.service.js';
import { StorefrontTranslationsService } from './storefront/storefront-translations.service.js';
import { Translation } from './translation.entity.js';
import { TranslationsService } from './translations.service.js';

/**
 * Markets and translations, and the buyer's country, currency and language (`@inContext`) for every context
 * that shows prices or text.
 */
@Module({
  imports: [DatabaseModule.forFeature([Market, Translation])],
  providers: [MarketsService, TranslationsService, StorefrontTranslationsService, PresentmentService, LocalizationService],
  exports: [MarketsService, TranslationsService, PresentmentService, LocalizationService],
})
export class LocalizationModule {}

/** `localization` on the storefront schema. */
@Module({ imports: [LocalizationModule], providers: [LocalizationStorefrontResolver] })
export class LocalizationStorefrontApiModule {}
