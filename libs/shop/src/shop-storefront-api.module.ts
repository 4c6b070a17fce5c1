import { Module } from '@nestjs/common';
import { MetafieldsStorefrontApiModule } from '@platform/metafields';
import { ShopMetafieldsStorefrontResolver } from './graphql/storefront/shop-metafields.storefront.resolver.js';
import { ShopStorefrontResolver } from './graphql/storefront/shop.storefront.resolver.js';
import { ShopModule } from './shop.module.js';

/** `shop` on the storefront schema, with the shop's metafields. */
@Module({ imports: [ShopModule, MetafieldsStorefrontApiModule], providers: [ShopStorefrontResolver, ShopMetafieldsStorefrontResolver] })
export class ShopStorefrontApiModule {}
