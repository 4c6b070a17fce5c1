import { Module } from '@nestjs/common';
import { ContentModule } from '@platform/content';
import { LocalizationStorefrontResolver } from './graphql/localization.storefront.resolver.js';
import { LocalizationService } from './localization.service.js';
import { PresentmentService } from './presentment.service.js';

/** The buyer's country, currency and language (`@inContext`), for every context that shows prices or text. */
@Module({ imports: [ContentModule], providers: [PresentmentService, LocalizationService], exports: [PresentmentService, LocalizationService] })
export class LocalizationModule {}

/** `localization` on the storefront schema. */
@Module({ imports: [LocalizationModule], providers: [LocalizationStorefrontResolver] })
export class LocalizationStorefrontApiModule {}
