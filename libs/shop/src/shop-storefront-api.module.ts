import { Module } from '@nestjs/common';
import { ContentStorefrontApiModule } from '@platform/content';
import { ShopMetafieldsStorefrontResolver } from './graphql/storefront/shop-metafields.storefront.resolver.js';
import { ShopStorefrontResolver } from './graphql/storefront/shop.storefront.resolver.js';

/** `shop` on the storefront schema. */
@Module({ imports: [ContentStorefrontApiModule], providers: [ShopStorefrontResolver, ShopMetafieldsStorefrontResolver] })
export class ShopStorefrontApiModule {}
