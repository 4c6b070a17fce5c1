import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { ConnectionArgs, connectionOf, pageOf } from '@platform/graphql-types';
import { pageOfList } from '@platform/paging';
import { StorefrontSellingPlanConnection, StorefrontSellingPlanGroup } from './selling-plan.type.js';

const PLANS = { connection: 'sellingPlanGroup.sellingPlans', sortKey: 'POSITION' };

@Resolver(() => StorefrontSellingPlanGroup)
export class SellingPlanGroupsStorefrontResolver {
  // A group holds a handful of plans, loaded with it: a page is cut from them (the cursor is the plan's position).
  @ResolveField(() => StorefrontSellingPlanConnection)
  sellingPlans(@Parent() group: StorefrontSellingPlanGroup, @Args() args: ConnectionArgs) {
    return connectionOf(pageOfList(group.plans, pageOf(args), PLANS, (_plan, index) => index), (plan) => plan);
  }
}
