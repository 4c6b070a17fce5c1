import { Args, ID, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { AdminCustomer, CustomerDirectoryService } from '@platform/customers';
import { AdminCount, BoundedList, ConnectionArgs, NodeRegistry, connectionOf, pageOf } from '@platform/graphql-types';
import { listSize, pageOfList } from '@platform/paging';
import { requireGlobalId } from '@platform/ids';
import { Ctx, FieldArgs, type GraphqlContextValue, type NoArgs, type RequestContext, RequiresScope } from '@platform/request';
import { OrderDirectoryService } from '../../order-directory.service.js';
import { OrdersService } from '../../orders.service.js';
import { AdminOrderListArgs, AdminOrdersArgs, AdminOrdersCountArgs } from './order.args.js';
import { MAX_REFUNDS_PER_ORDER, MAX_TRANSACTIONS_PER_ORDER } from '../../refund.rules.js';
import { adminLineItemView, adminOrderView, adminRefundLineItemView, adminRefundView, adminTransactionView, bag, refundedAmount } from './order.presenter.js';
import {
  AdminLineItemConnection,
  AdminMoneyBag,
  AdminOrder,
  AdminOrderConnection,
  AdminOrderTransaction,
  AdminOrderTransactionConnection,
  AdminRefund,
  AdminRefundLineItemConnection,
} from './order.type.js';

const READ = 'read_orders';

/** The admin orders: the `orders`, `order` and `ordersCount` roots and the Order fields read beside the order row. */
@Resolver(() => AdminOrder)
export class OrdersAdminResolver {
  constructor(
    private readonly service: OrdersService,
    private readonly directory: OrderDirectoryService,
    private readonly customers: CustomerDirectoryService,
    private readonly nodes: NodeRegistry,
  ) {}

  @RequiresScope(READ)
  @Query(() => AdminOrderConnection, { description: "The shop's orders, searched and sorted." })
  async orders(@Ctx() ctx: RequestContext, @Args() args: AdminOrdersArgs) {
    return connectionOf(await this.directory.search(ctx, args.query ?? null, args.sortKey, pageOf(args)), adminOrderView);
  }

  @RequiresScope(READ)
  @Query(() => AdminOrder, { nullable: true, description: 'The order with this global id; null when the shop has none.' })
  async order(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string) {
    const record = await this.directory.order(ctx, requireGlobalId(id, 'Order'));
    return record && adminOrderView(record);
  }

  @RequiresScope(READ)
  @Query(() => AdminCount, { nullable: true, description: 'How many orders match the search (every order without one).' })
  async ordersCount(@Ctx() ctx: RequestContext, @Args() args: AdminOrdersCountArgs) {
    return { count: await this.directory.searchCount(ctx, args.query ?? null), precision: 'EXACT' };
  }

  // A page of orders is one field call per order: graphql-js' signature (docs/architecture.md, "Writing resolvers for
  // hot paths"); every order of a level asking the same page shares one statement (OrdersService batches it).
  @ResolveField(() => AdminLineItemConnection)
  async lineItems(order: AdminOrder, @FieldArgs() args: ConnectionArgs, { ctx }: GraphqlContextValue, _info: GraphQLResolveInfo) {
    const page = await this.service.lineItemsOfOrder(ctx, order.record.id, pageOf(args));
    return connectionOf(page, (record) => adminLineItemView(record, order.record.currency));
  }

  @BoundedList({ max: MAX_REFUNDS_PER_ORDER, sizedBy: 'first' })
  @ResolveField(() => [AdminRefund], { description: "The order's refunds, oldest first." })
  async refunds(order: AdminOrder, @FieldArgs() args: AdminOrderListArgs, { ctx }: GraphqlContextValue): Promise<AdminRefund[]> {
    const refunds = await this.directory.refunds(ctx, order.record.id);
    return refunds.slice(0, listSize(args.first)).map((r) => adminRefundView(r, order.record.currency));
  }

  @BoundedList({ max: MAX_TRANSACTIONS_PER_ORDER, sizedBy: 'first' })
  @ResolveField(() => [AdminOrderTransaction], { description: "The order's transactions, oldest first." })
  async transactions(order: AdminOrder, @FieldArgs() args: AdminOrderListArgs, { ctx }: GraphqlContextValue): Promise<AdminOrderTransaction[]> {
    return (await this.directory.transactions(ctx, order.record.id)).slice(0, listSize(args.first)).map(adminTransactionView);
  }

  @ResolveField(() => AdminMoneyBag, { description: 'The money the successful refund transactions returned.' })
  async totalRefundedSet(order: AdminOrder, _args: NoArgs, { ctx }: GraphqlContextValue): Promise<AdminMoneyBag> {
    return bag(refundedAmount(await this.directory.transactions(ctx, order.record.id)), order.record.currency);
  }

  // The current totals take away what the order's refunds gave back (read with them, one statement per level).
  @ResolveField(() => AdminMoneyBag, { description: 'The subtotal after refunds: the line items not refunded, before discounts.' })
  async currentSubtotalPriceSet(order: AdminOrder, _args: NoArgs, { ctx }: GraphqlContextValue): Promise<AdminMoneyBag> {
    return bag((await this.directory.currentTotals(ctx, order.record)).subtotalPrice, order.record.currency);
  }

  @ResolveField(() => AdminMoneyBag, { description: 'The discounts after refunds: refunded units take their share with them.' })
  async currentTotalDiscountsSet(order: AdminOrder, _args: NoArgs, { ctx }: GraphqlContextValue): Promise<AdminMoneyBag> {
    return bag((await this.directory.currentTotals(ctx, order.record)).totalDiscounts, order.record.currency);
  }

  @ResolveField(() => AdminMoneyBag, { description: 'The shipping after refunds.' })
  async currentShippingPriceSet(order: AdminOrder, _args: NoArgs, { ctx }: GraphqlContextValue): Promise<AdminMoneyBag> {
    return bag((await this.directory.currentTotals(ctx, order.record)).totalShipping, order.record.currency);
  }

  @ResolveField(() => AdminMoneyBag, { description: 'The tax after refunds.' })
  async currentTotalTaxSet(order: AdminOrder, _args: NoArgs, { ctx }: GraphqlContextValue): Promise<AdminMoneyBag> {
    return bag((await this.directory.currentTotals(ctx, order.record)).totalTax, order.record.currency);
  }

  @ResolveField(() => AdminMoneyBag, { description: 'The total after refunds: less the goods, tax and shipping they gave back.' })
  async currentTotalPriceSet(order: AdminOrder, _args: NoArgs, { ctx }: GraphqlContextValue): Promise<AdminMoneyBag> {
    return bag((await this.directory.currentTotals(ctx, order.record)).totalPrice, order.record.currency);
  }

  // The customer is the customers context's (its view, registered for the Customer node), under its scope too.
  @RequiresScope('read_customers')
  @ResolveField(() => AdminCustomer, { nullable: true, description: 'The buyer; null for a guest checkout.' })
  async customer(order: AdminOrder, _args: NoArgs, { ctx }: GraphqlContextValue): Promise<AdminCustomer | null> {
    if (order.record.customerId === null) return null;
    const [record] = await this.customers.customersByIds(ctx, [order.record.customerId]);
    return record ? (this.nodes.view('admin_graphql', 'Customer', record) as AdminCustomer) : null;
  }
}

/** The refund's lines and transactions, paged from the refund read with its order's refunds. */
@Resolver(() => AdminRefund)
export class RefundsAdminResolver {
  @ResolveField(() => AdminRefundLineItemConnection)
  refundLineItems(refund: AdminRefund, @FieldArgs() args: ConnectionArgs) {
    const page = pageOfList(refund.record.lineItems, pageOf(args), { connection: 'refund.refundLineItems', sortKey: 'ID' }, (l) => l.id);
    return connectionOf(page, (record) => adminRefundLineItemView(record, refund.currency));
  }

  @ResolveField(() => AdminOrderTransactionConnection)
  transactions(refund: AdminRefund, @FieldArgs() args: ConnectionArgs) {
    return connectionOf(pageOfList(refund.record.transactions, pageOf(args), { connection: 'refund.transactions', sortKey: 'ID' }, (t) => t.id), adminTransactionView);
  }
}

