import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { AdminHasMetafieldsFields, AdminMetafield, AdminMetafieldArgs, AdminMetafieldConnection, AdminMetafieldsArgs } from '@platform/metafields';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { AdminOrder } from './order.type.js';

const READ = 'read_orders';

/** An order's metafields, read with the orders' read scope through the metafields' fields. */
@Resolver(() => AdminOrder)
export class OrderMetafieldsAdminResolver {
  constructor(private readonly metafieldsOf: AdminHasMetafieldsFields) {}

  @RequiresScope(READ)
  @ResolveField(() => AdminMetafieldConnection, { description: "The order's metafields, in the order they were created; narrowed by `namespace` or `keys` (`namespace.key`)." })
  metafields(@Ctx() ctx: RequestContext, @Parent() order: AdminOrder, @Args() args: AdminMetafieldsArgs) {
    return this.metafieldsOf.metafields(ctx, 'ORDER', order.record.id, args);
  }

  @RequiresScope(READ)
  @ResolveField(() => AdminMetafield, { nullable: true, description: "The order's metafield with this namespace and key; null when it has none." })
  metafield(@Ctx() ctx: RequestContext, @Parent() order: AdminOrder, @Args() args: AdminMetafieldArgs) {
    return this.metafieldsOf.metafield(ctx, 'ORDER', order.record.id, args);
  }
}
