import { Module } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { LocalizationService } from './localization.service.js';
import { Market } from './market.entity.js';
import { MarketsService } from './markets.service.js';
import { PresentmentService } from './presentment.service.js';
import { TranslationsStorefrontService } from './storefront/translations-storefront.service.js';
import { Translation } from './translation.entity.js';
import { TranslationsService } from './translations.service.js';

/**
 * Markets and translations, and the buyer's country, currency and language (`@inContext`) for every context
 * that shows prices or text.
 */
@Module({
  imports: [DatabaseModule.forFeature([Market, Translation])],
  providers: [MarketsService, TranslationsService, TranslationsStorefrontService, PresentmentService, LocalizationService],
  exports: [MarketsService, TranslationsService, PresentmentService, LocalizationService],
})
export class LocalizationModule {}
