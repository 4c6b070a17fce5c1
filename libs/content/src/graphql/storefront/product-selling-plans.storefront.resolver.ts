import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { StorefrontProduct } from '@platform/catalog';
import { ConnectionArgs, connectionOf, pageOf } from '@platform/graphql-types';
import { PresentmentService } from '@platform/localization';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { SellingPlansStorefrontService } from '../../storefront/selling-plans-storefront.service.js';
import { sellingPlanGroupView } from './selling-plan.presenter.js';
import { StorefrontSellingPlanGroupConnection } from './selling-plan.type.js';

/** The catalog's Product offers selling plan groups: content's data, so content resolves them. */
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
