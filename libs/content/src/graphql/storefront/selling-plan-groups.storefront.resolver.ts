import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { ConnectionArgs, pageOf, toConnection } from '@platform/graphql';
import { StorefrontSellingPlanConnection, StorefrontSellingPlanGroup } from './selling-plan.type.js';

@Resolver(() => StorefrontSellingPlanGroup)
export class SellingPlanGroupsStorefrontResolver {
  // A group holds a handful of plans, loaded with it: paging is a slice (the cursor is the plan's position).
  @ResolveField(() => StorefrontSellingPlanConnection)
  sellingPlans(@Parent() group: StorefrontSellingPlanGroup, @Args() args: ConnectionArgs) {
    const page = pageOf(args);
    const indexed = group.plans.map((plan, index) => ({ plan, index }));
    const cursorIndex = page.cursor === undefined ? undefined : Number(Buffer.from(page.cursor, 'base64url').toString());
    const ordered = page.reverse ? [...indexed].reverse() : indexed;
    const start = cursorIndex === undefined ? 0 : ordered.findIndex((p) => p.index === cursorIndex) + 1;
    const slice = page.forward ? ordered.slice(start, start + page.size) : ordered.slice(Math.max(0, ordered.length - page.size));
    return toConnection(slice, (p) => Buffer.from(String(p.index)).toString('base64url'), (p) => p.plan, {
      hasNextPage: page.forward && start + page.size < ordered.length,
      hasPreviousPage: page.forward ? start > 0 : ordered.length > page.size,
    });
  }
}
