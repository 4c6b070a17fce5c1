import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { StorefrontSellingPlanGroupConnection, StorefrontSellingPlansService, sellingPlanGroupView } from '@platform/content';
import { ConnectionArgs, pageOf, toConnection } from '@platform/graphql';
import { PresentmentService } from '@platform/localization';
import { Ctx, type RequestContext, requireScope } from '@platform/request';
import { StorefrontProduct } from './product.type.js';

@Resolver(() => StorefrontProduct)
export class ProductSellingPlansStorefrontResolver {
  constructor(
    private readonly plans: StorefrontSellingPlansService,
    private readonly presentment: PresentmentService,
  ) {}

  @ResolveField(() => StorefrontSellingPlanGroupConnection, { description: 'Subscription and other selling plans offered on the product.' })
  async sellingPlanGroups(@Ctx() ctx: RequestContext, @Parent() product: StorefrontProduct, @Args() args: ConnectionArgs) {
    requireScope(ctx, 'unauthenticated_read_selling_plans', 'sellingPlanGroups');
    const page = pageOf(args);
    const [groups, { money }] = await Promise.all([this.plans.groupsOf(ctx, product.record.id), this.presentment.presentment(ctx)]);
    const ordered = page.forward !== page.reverse ? groups : [...groups].reverse();
    const views = ordered.slice(0, page.size).map((g) => ({ id: g.id, view: sellingPlanGroupView(g, money) }));
    return toConnection(views, (g) => Buffer.from(String(g.id)).toString('base64url'), (g) => g.view, {
      hasNextPage: page.forward && ordered.length > page.size,
      hasPreviousPage: !page.forward && ordered.length > page.size,
    });
  }
}
