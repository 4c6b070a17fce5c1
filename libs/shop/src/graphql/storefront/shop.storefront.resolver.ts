import { Query, Resolver } from '@nestjs/graphql';
import { Ctx, OpenAccess, type RequestContext } from '@platform/request';
import { storefrontShop } from './shop.presenter.js';
import { StorefrontShop } from './shop.type.js';

@Resolver(() => StorefrontShop)
export class ShopStorefrontResolver {
  @OpenAccess()
  @Query(() => StorefrontShop)
  shop(@Ctx() ctx: RequestContext): StorefrontShop {
    return storefrontShop(ctx.shop, ctx.origin);
  }
}
