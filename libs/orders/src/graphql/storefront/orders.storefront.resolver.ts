import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { StorefrontProductVariant } from '@platform/catalog';
import { ConnectionArgs, NodeRegistry, connectionOf, pageOf, toGlobalId } from '@platform/graphql';
import { Ctx, type RequestContext } from '@platform/request';
import { OrdersService } from '../../orders.service.js';
import { orderLineItemView } from './order.presenter.js';
import { StorefrontOrder, StorefrontOrderLineItem, StorefrontOrderLineItemConnection } from './order.type.js';

@Resolver(() => StorefrontOrder)
export class OrdersStorefrontResolver {
  constructor(private readonly orders: OrdersService) {}

  @ResolveField(() => StorefrontOrderLineItemConnection)
  async lineItems(@Ctx() ctx: RequestContext, @Parent() order: StorefrontOrder, @Args() args: ConnectionArgs) {
    const page = await this.orders.lineItemsOfOrder(ctx, order.record.id, pageOf(args));
    return connectionOf(page, (record) => orderLineItemView(record, order.record.currency));
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
