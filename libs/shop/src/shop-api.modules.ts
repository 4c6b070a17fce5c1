import { Module } from '@nestjs/common';
import { ShopAdminResolver } from './graphql/shop.admin.resolver.js';
import { ContentStorefrontApiModule } from '@platform/content';
import { ShopMetafieldsStorefrontResolver } from './graphql/shop-metafields.storefront.resolver.js';
import { ShopStorefrontResolver } from './graphql/shop.storefront.resolver.js';
import { ShopController } from './rest/shop.controller.js';

/** `shop` on the storefront schema. */
@Module({ imports: [ContentStorefrontApiModule], providers: [ShopStorefrontResolver, ShopMetafieldsStorefrontResolver] })
export class ShopStorefrontApiModule {}

/** `shop` on the admin schema. */
@Module({ providers: [ShopAdminResolver] })
export class ShopAdminApiModule {}

/** `GET /admin/api/{version}/shop.json`. */
@Module({ controllers: [ShopController] })
export class ShopRestModule {}
