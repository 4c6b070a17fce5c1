import { Module } from '@nestjs/common';
import { StorefrontImageResolver } from './graphql/storefront/image.storefront.resolver.js';

/** Media on the storefront schema: `Image.url(transform:)`, for every context's images (products', articles'). */
@Module({ providers: [StorefrontImageResolver] })
export class MediaStorefrontApiModule {}
