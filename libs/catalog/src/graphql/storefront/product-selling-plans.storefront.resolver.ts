import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { StorefrontSellingPlanGroupConnection, StorefrontSellingPlansService, sellingPlanGroupView } from '@platform/content';
import { ConnectionArgs, connectionOf, pageOf } from '@platform/graphql';
import { PresentmentService } from '@platform/localization';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { StorefrontProduct } from './product.type.js';

@Resolver(() => StorefrontProduct)
export class ProductSellingPlansStorefrontResolver {
  constructor(
    private readonly plans: StorefrontSellingPlansService,
    private readonly presentment: PresentmentService,
  ) {}

  @RequiresScope('unauthenticated_read_selling_plans')
  @ResolveField(() => StorefrontSellingPlanGroupConnection, { description: 'Subscription and other selling plans offered on the product.' })
  async sellingPlanGroups(@Ctx() ctx: RequestContext, @Parent() product: StorefrontProduct, @Args() args: ConnectionArgs) {
    const [groups, { money }] = await Promise.all([this.plans.groupsOfProduct(ctx, product.record.id, pageOf(args)), this.presentment.presentment(ctx)]);
    return connectionOf(groups, (group) => sellingPlanGroupView(group, money));
  }
}
