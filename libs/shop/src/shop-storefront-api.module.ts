import { Module } from '@nestjs/common';
import { ShopStorefrontResolver } from './graphql/storefront/shop.storefront.resolver.js';

/** `shop` on the storefront schema. */
@Module({ providers: [ShopStorefrontResolver] })
export class ShopStorefrontApiModule {}
