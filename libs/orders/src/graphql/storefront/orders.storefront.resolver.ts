import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { StorefrontProductVariant } from '@platform/catalog';
import { ConnectionArgs, NodeRegistry, connectionOf, pageOf } from '@platform/graphql-types';
import { toGlobalId } from '@platform/ids';
import { MoneyV2, moneyV2 } from '@platform/money';
import { Ctx, type RequestContext } from '@platform/request';
import { OrderDirectoryService } from '../../order-directory.service.js';
import { OrdersService } from '../../orders.service.js';
import { orderLineItemView } from './order.presenter.js';
import { StorefrontOrder, StorefrontOrderLineItem, StorefrontOrderLineItemConnection } from './order.type.js';

@Resolver(() => StorefrontOrder)
export class OrdersStorefrontResolver {
  constructor(
    private readonly orders: OrdersService,
    private readonly directory: OrderDirectoryService,
  ) {}

  @ResolveField(() => StorefrontOrderLineItemConnection)
  async lineItems(@Ctx() ctx: RequestContext, @Parent() order: StorefrontOrder, @Args() args: ConnectionArgs) {
    const page = await this.orders.lineItemsOfOrder(ctx, order.record.id, pageOf(args));
    return connectionOf(page, (record) => orderLineItemView(record, order.record.currency));
  }

  // The current totals take away what the order's refunds gave back (read with them, one statement per level).
  @ResolveField(() => MoneyV2, { description: 'The total after refunds: less the goods, tax and shipping they gave back.' })
  async currentTotalPrice(@Ctx() ctx: RequestContext, @Parent() order: StorefrontOrder): Promise<MoneyV2> {
    return moneyV2((await this.directory.currentTotals(ctx, order.record)).totalPrice, order.record.currency);
  }

  @ResolveField(() => MoneyV2, { description: 'The subtotal after refunds: the line items not refunded, before discounts.' })
  async currentSubtotalPrice(@Ctx() ctx: RequestContext, @Parent() order: StorefrontOrder): Promise<MoneyV2> {
    return moneyV2((await this.directory.currentTotals(ctx, order.record)).subtotalPrice, order.record.currency);
  }

  @ResolveField(() => MoneyV2, { description: 'The tax after refunds.' })
  async currentTotalTax(@Ctx() ctx: RequestContext, @Parent() order: StorefrontOrder): Promise<MoneyV2> {
    return moneyV2((await this.directory.currentTotals(ctx, order.record)).totalTax, order.record.currency);
  }
}

@Resolver(() => StorefrontOrderLineItem)
export class OrderLineItemsStorefrontResolver {
  constructor(private readonly nodes: NodeRegistry) {}

  // The catalog's node fetcher (and its batched loader) returns the variant view.
  @ResolveField(() => StorefrontProductVariant, { nullable: true, description: 'The product variant bought, while it still exists.' })
  variant(@Ctx() ctx: RequestContext, @Parent() line: StorefrontOrderLineItem) {
    const id = line.record.variantId;
    return id === null ? null : this.nodes.fetch(ctx, toGlobalId('ProductVariant', id));
  }
}
