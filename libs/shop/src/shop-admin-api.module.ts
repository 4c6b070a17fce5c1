import { Module } from '@nestjs/common';
import { MetafieldsAdminApiModule } from '@platform/metafields';
import { ShopAdminResolver } from './graphql/admin/shop.admin.resolver.js';
import { ShopModule } from './shop.module.js';

/** `shop` on the admin schema, with the shop's metafields. */
@Module({ imports: [ShopModule, MetafieldsAdminApiModule], providers: [ShopAdminResolver] })
export class ShopAdminApiModule {}
