import { Module } from '@nestjs/common';
import { ShopAdminResolver } from './graphql/admin/shop.admin.resolver.js';

/** `shop` on the admin schema. */
@Module({ providers: [ShopAdminResolver] })
export class ShopAdminApiModule {}
