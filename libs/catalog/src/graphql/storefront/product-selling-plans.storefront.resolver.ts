import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { ConnectionArgs, connectionOf, pageOf } from '@platform/graphql-types';
import { PresentmentService } from '@platform/localization';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { SellingPlansStorefrontService } from '../../storefront/selling-plans-storefront.service.js';
import { StorefrontProduct } from './product.type.js';
import { sellingPlanGroupView } from './selling-plan.presenter.js';
import { StorefrontSellingPlanGroupConnection } from './selling-plan.type.js';

/** A product's selling plan groups (the purchase options it is sold with). */
@Resolver(() => StorefrontProduct)
export class ProductSellingPlansStorefrontResolver {
  constructor(
    private readonly plans: SellingPlansStorefrontService,
    private readonly presentment: PresentmentService,
  ) {}

  @RequiresScope('unauthenticated_read_selling_plans')
  @ResolveField(() => StorefrontSellingPlanGroupConnection, { description: 'Subscription and other selling plans offered on the product.' })
  async sellingPlanGroups(@Ctx() ctx: RequestContext, @Parent() product: StorefrontProduct, @Args() args: ConnectionArgs) {
    const [groups, { money }] = await Promise.all([this.plans.groupsOfProduct(ctx, product.record.id, pageOf(args)), this.presentment.presentment(ctx)]);
    return connectionOf(groups, (group) => sellingPlanGroupView(group, money));
  }
}
