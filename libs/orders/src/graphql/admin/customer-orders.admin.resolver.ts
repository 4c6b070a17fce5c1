import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { AdminCustomer } from '@platform/customers';
import { connectionOf, pageOf } from '@platform/graphql-types';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { OrdersService } from '../../orders.service.js';
import { AdminCustomerOrdersArgs } from './order.args.js';
import { adminOrderView } from './order.presenter.js';
import { AdminOrder, AdminOrderConnection } from './order.type.js';

const READ = 'read_orders';

// `Customer.orders` and `Customer.lastOrder`: the customer type is the customers context's, its orders are
// this context's (and need `read_orders` besides the customer's `read_customers`).
@Resolver(() => AdminCustomer)
export class CustomerOrdersAdminResolver {
  constructor(private readonly service: OrdersService) {}

  @RequiresScope(READ)
  @ResolveField(() => AdminOrderConnection, { description: "The customer's orders." })
  async orders(@Ctx() ctx: RequestContext, @Parent() customer: AdminCustomer, @Args() args: AdminCustomerOrdersArgs) {
    return connectionOf(await this.service.ordersOfCustomer(ctx, customer.record.id, pageOf(args), args.sortKey), adminOrderView);
  }

  @RequiresScope(READ)
  @ResolveField(() => AdminOrder, { nullable: true, description: "The customer's most recent order." })
  async lastOrder(@Ctx() ctx: RequestContext, @Parent() customer: AdminCustomer) {
    const id = customer.record.lastOrderId;
    const [record] = id === null ? [null] : await this.service.ordersByIds(ctx, [id]);
    return record && adminOrderView(record);
  }
}
