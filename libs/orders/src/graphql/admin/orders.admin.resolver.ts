import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { ConnectionArgs, connectionOf, pageOf } from '@platform/graphql';
import { Ctx, type RequestContext } from '@platform/request';
import { OrdersService } from '../../orders.service.js';
import { adminLineItemView } from './order.presenter.js';
import { AdminLineItemConnection, AdminOrder } from './order.type.js';

@Resolver(() => AdminOrder)
export class OrdersAdminResolver {
  constructor(private readonly orders: OrdersService) {}

  // Every order of a level asking the same page shares one statement (OrdersService batches it).
  @ResolveField(() => AdminLineItemConnection)
  async lineItems(@Ctx() ctx: RequestContext, @Parent() order: AdminOrder, @Args() args: ConnectionArgs) {
    const page = await this.orders.lineItemsOfOrder(ctx, order.record.id, pageOf(args));
    return connectionOf(page, (record) => adminLineItemView(record, order.record.currency));
  }
}
