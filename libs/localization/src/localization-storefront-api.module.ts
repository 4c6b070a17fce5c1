import { Module } from '@nestjs/common';
import { LocalizationStorefrontResolver } from './graphql/storefront/localization.storefront.resolver.js';
import { LocalizationModule } from './localization.module.js';

/** `localization` on the storefront schema. */
@Module({ imports: [LocalizationModule], providers: [LocalizationStorefrontResolver] })
export class LocalizationStorefrontApiModule {}
