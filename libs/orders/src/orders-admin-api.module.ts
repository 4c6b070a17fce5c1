import { Module, type OnModuleInit } from '@nestjs/common';
import { CustomersModule } from '@platform/customers';
import { NodeRegistry, NodeRegistryModule, TaggableRegistry, TaggableRegistryModule, type TagsChange } from '@platform/graphql-types';
import { MetafieldsAdminApiModule } from '@platform/metafields';
import { CustomerOrdersAdminResolver } from './graphql/admin/customer-orders.admin.resolver.js';
import { OrderMetafieldsAdminResolver } from './graphql/admin/order-metafields.admin.resolver.js';
import { adminOrderView } from './graphql/admin/order.presenter.js';
import { OrdersAdminResolver, RefundsAdminResolver } from './graphql/admin/orders.admin.resolver.js';
import { OrderMutationsAdminResolver } from './graphql/admin/order-mutations.admin.resolver.js';
import type { OrderRecord } from './order.records.js';
import { OrdersModule } from './orders.module.js';
import { type OrderTagsResult, OrdersService } from './orders.service.js';

/**
 * Orders on the admin schema: the `orders`, `order` and `ordersCount` roots, the fields they add to Customer
 * (`orders`, `lastOrder`), the Order node and its metafields, the order mutations and orders' tags (`tagsAdd`,
 * `tagsRemove`), all under the orders scopes.
 */
@Module({
  // Customers: an order's `customer` is read through the customers context's reader. Metafields: an order's own.
  imports: [OrdersModule, CustomersModule, MetafieldsAdminApiModule, NodeRegistryModule, TaggableRegistryModule],
  providers: [CustomerOrdersAdminResolver, OrdersAdminResolver, RefundsAdminResolver, OrderMutationsAdminResolver, OrderMetafieldsAdminResolver],
})
export class OrdersAdminApiModule implements OnModuleInit {
  constructor(
    private readonly nodes: NodeRegistry,
    private readonly orders: OrdersService,
    private readonly taggables: TaggableRegistry,
  ) {}

  onModuleInit(): void {
    this.nodes.register('admin_graphql', 'Order', { scope: 'read_orders' }, async (ctx, id) => (await this.orders.ordersByIds(ctx, [id]))[0] ?? null, adminOrderView);
    this.taggables.register({
      type: 'Order',
      scope: 'write_orders',
      addTags: async (ctx, id, tags) => tagsChange(await this.orders.changeTags(ctx, id, tags, [])),
      removeTags: async (ctx, id, tags) => tagsChange(await this.orders.changeTags(ctx, id, [], tags)),
    });
  }
}

function tagsChange({ order, problems }: OrderTagsResult): TagsChange<OrderRecord> {
  return { record: order, problems };
}
