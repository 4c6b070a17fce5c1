import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { idOfType, toGlobalId } from '@platform/ids';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { OrderLifecycleService } from '../../order-lifecycle.service.js';
import { OrderCancelReason, OrderCloseInput, OrderOpenInput, RefundInput } from './order-mutation.args.js';
import { orderNotFound } from '../../orders.errors.js';
import { cancelInputOf, orderCancelUserErrors, orderUserErrors, refundInputOf } from './order-mutation-input.js';
import { OrderCancelPayload, OrderClosePayload, OrderOpenPayload, RefundCreatePayload } from './order-mutation.type.js';
import { adminOrderView, adminRefundView } from './order.presenter.js';

const WRITE = 'write_orders';

// An order id that names no order of this shop (malformed, another type, another shop's) is answered like an
// unknown one: a userError, nothing written.
@Resolver()
export class OrderMutationsAdminResolver {
  constructor(private readonly lifecycle: OrderLifecycleService) {}

  @RequiresScope(WRITE)
  @Mutation(() => RefundCreatePayload, { nullable: true, description: 'Refunds lines (restocking them or not), shipping and money of an order, at most what it has left to refund.' })
  async refundCreate(@Ctx() ctx: RequestContext, @Args('input') input: RefundInput) {
    const mapped = refundInputOf(input);
    const result = mapped.input ? await this.lifecycle.createRefund(ctx, mapped.input) : { order: null, refund: null, problems: mapped.problems };
    const refund = result.refund && result.order && adminRefundView(result.refund, result.order.currency);
    return { order: result.order && adminOrderView(result.order), refund, userErrors: orderUserErrors(result.problems, 'input') };
  }

  @RequiresScope(WRITE)
  @Mutation(() => OrderCancelPayload, { nullable: true, description: 'Cancels an order, refunding and restocking what is left if asked; it cannot be undone.' })
  async orderCancel(
    @Ctx() ctx: RequestContext,
    @Args('orderId', { type: () => ID }) orderId: string,
    @Args('reason', { type: () => OrderCancelReason }) reason: string,
    @Args('refund') refund: boolean,
    @Args('restock') restock: boolean,
    @Args('notifyCustomer', { nullable: true, defaultValue: false }) notifyCustomer: boolean,
    @Args('staffNote', { type: () => String, nullable: true }) staffNote: string | null,
  ) {
    const id = idOfType(orderId, 'Order');
    const result = id === null ? { order: null, problems: [orderNotFound('orderId')] } : await this.lifecycle.cancel(ctx, id, cancelInputOf({ reason, refund, restock, notifyCustomer, staffNote }));
    const errors = orderCancelUserErrors(result.problems);
    return { job: result.order && { id: toGlobalId('Job', result.order.id), done: true }, orderCancelUserErrors: errors, userErrors: errors };
  }

  @RequiresScope(WRITE)
  @Mutation(() => OrderClosePayload, { nullable: true, description: 'Closes an order (a closed order stays as it is).' })
  async orderClose(@Ctx() ctx: RequestContext, @Args('input') input: OrderCloseInput) {
    const id = idOfType(input.id, 'Order');
    const result = id === null ? { order: null, problems: [orderNotFound('id')] } : await this.lifecycle.close(ctx, id);
    return { order: result.order && adminOrderView(result.order), userErrors: orderUserErrors(result.problems, 'input') };
  }

  @RequiresScope(WRITE)
  @Mutation(() => OrderOpenPayload, { nullable: true, description: 'Reopens a closed order (a cancelled one stays cancelled).' })
  async orderOpen(@Ctx() ctx: RequestContext, @Args('input') input: OrderOpenInput) {
    const id = idOfType(input.id, 'Order');
    const result = id === null ? { order: null, problems: [orderNotFound('id')] } : await this.lifecycle.open(ctx, id);
    return { order: result.order && adminOrderView(result.order), userErrors: orderUserErrors(result.problems, 'input') };
  }
}
