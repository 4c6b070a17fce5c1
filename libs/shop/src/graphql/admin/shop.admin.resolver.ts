import { Args, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { AdminHasMetafieldsFields, AdminMetafield, AdminMetafieldArgs, AdminMetafieldConnection, AdminMetafieldsArgs } from '@platform/metafields';
import { Ctx, OpenAccess, type RequestContext } from '@platform/request';
import { adminShop } from './shop.presenter.js';
import { AdminShop } from './shop.type.js';

@Resolver(() => AdminShop)
export class ShopAdminResolver {
  constructor(private readonly metafieldsOf: AdminHasMetafieldsFields) {}

  @OpenAccess()
  @Query(() => AdminShop)
  shop(@Ctx() ctx: RequestContext): AdminShop {
    return adminShop(ctx.shop);
  }

  // The shop's metafields ask no scope, as the shop does not.
  @ResolveField(() => AdminMetafieldConnection, { description: "The shop's metafields, in the order they were created; narrowed by `namespace` or `keys` (`namespace.key`)." })
  metafields(@Ctx() ctx: RequestContext, @Args() args: AdminMetafieldsArgs) {
    return this.metafieldsOf.metafields(ctx, 'SHOP', ctx.shop.id, args);
  }

  @ResolveField(() => AdminMetafield, { nullable: true, description: "The shop's metafield with this namespace and key; null when it has none." })
  metafield(@Ctx() ctx: RequestContext, @Args() args: AdminMetafieldArgs) {
    return this.metafieldsOf.metafield(ctx, 'SHOP', ctx.shop.id, args);
  }
}
