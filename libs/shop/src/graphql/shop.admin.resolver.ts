import { Query, Resolver } from '@nestjs/graphql';
import { Ctx, OpenAccess, type RequestContext } from '@platform/request';
import { AdminShop } from './shop.admin.type.js';
import { adminShop } from '../shop.presenter.js';

@Resolver(() => AdminShop)
export class ShopAdminResolver {
  @OpenAccess()
  @Query(() => AdminShop)
  shop(@Ctx() ctx: RequestContext): AdminShop {
    return adminShop(ctx.shop);
  }
}
