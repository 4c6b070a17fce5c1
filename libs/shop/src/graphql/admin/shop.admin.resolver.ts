import { Query, Resolver } from '@nestjs/graphql';
import { Ctx, OpenAccess, type RequestContext } from '@platform/request';
import { adminShop } from './shop.presenter.js';
import { AdminShop } from './shop.type.js';

@Resolver(() => AdminShop)
export class ShopAdminResolver {
  @OpenAccess()
  @Query(() => AdminShop)
  shop(@Ctx() ctx: RequestContext): AdminShop {
    return adminShop(ctx.shop);
  }
}
