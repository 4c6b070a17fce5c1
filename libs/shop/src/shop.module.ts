import { Module, type OnModuleInit } from '@nestjs/common';
import { MetafieldOwnerRegistry, MetafieldsModule } from '@platform/metafields';

/**
 * The shop as an owner of metafields (`gid://platform/Shop/<id>`): any admin token reads and writes them, as the
 * hosted platform asks no scope of the shop, and the storefront shows them. The shop itself is the request's own.
 */
@Module({ imports: [MetafieldsModule] })
export class ShopModule implements OnModuleInit {
  constructor(private readonly owners: MetafieldOwnerRegistry) {}

  onModuleInit(): void {
    this.owners.register({
      ownerType: 'SHOP',
      type: 'Shop',
      storefront: true,
      existing: async (ctx, ids) => ids.filter((id) => id === ctx.shop.id),
    });
  }
}
