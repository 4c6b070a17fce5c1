import { Query, Resolver } from '@nestjs/graphql';
import { Ctx, OpenAccess, type RequestContext } from '@platform/request';
import { StorefrontShop } from './shop.storefront.type.js';
import { storefrontShop } from '../shop.presenter.js';

@Resolver(() => StorefrontShop)
export class ShopStorefrontResolver {
  @OpenAccess()
  @Query(() => StorefrontShop)
  shop(@Ctx() ctx: RequestContext): StorefrontShop {
    return storefrontShop(ctx.shop, ctx.origin);
  }
}
