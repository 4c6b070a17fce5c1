import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { StorefrontCustomer } from '@platform/customers';
import { connectionOf, pageOf } from '@platform/graphql-types';
import { Ctx, type RequestContext } from '@platform/request';
import { OrdersService } from '../../orders.service.js';
import { CustomerOrdersArgs } from './order.args.js';
import { orderView } from './order.presenter.js';
import { StorefrontOrderConnection } from './order.type.js';

// `Customer.orders`: the customer type is the customers context's, its orders are this context's.
@Resolver(() => StorefrontCustomer)
export class CustomerOrdersStorefrontResolver {
  constructor(private readonly service: OrdersService) {}

  @ResolveField(() => StorefrontOrderConnection)
  async orders(@Ctx() ctx: RequestContext, @Parent() customer: StorefrontCustomer, @Args() args: CustomerOrdersArgs) {
    return connectionOf(await this.service.ordersOfCustomer(ctx, customer.record.id, pageOf(args), args.sortKey), orderView);
  }
}
