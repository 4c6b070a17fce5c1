import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { StorefrontSellingPlanGroupConnection, StorefrontSellingPlansService, sellingPlanGroupView } from '@platform/content';
import { ConnectionArgs, connectionOf, pageOf, pageOfList } from '@platform/graphql';
import { PresentmentService } from '@platform/localization';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { StorefrontProduct } from './product.type.js';

const GROUPS = { connection: 'product.sellingPlanGroups', sortKey: 'ID' };

@Resolver(() => StorefrontProduct)
export class ProductSellingPlansStorefrontResolver {
  constructor(
    private readonly plans: StorefrontSellingPlansService,
    private readonly presentment: PresentmentService,
  ) {}

  // A product has a handful of groups, loaded whole (by id): a page is cut from them, after its cursor.
  @RequiresScope('unauthenticated_read_selling_plans')
  @ResolveField(() => StorefrontSellingPlanGroupConnection, { description: 'Subscription and other selling plans offered on the product.' })
  async sellingPlanGroups(@Ctx() ctx: RequestContext, @Parent() product: StorefrontProduct, @Args() args: ConnectionArgs) {
    const page = pageOf(args);
    const [groups, { money }] = await Promise.all([this.plans.groupsOf(ctx, product.record.id), this.presentment.presentment(ctx)]);
    return connectionOf(pageOfList(groups, page, GROUPS, (g) => g.id), (group) => sellingPlanGroupView(group, money));
  }
}
