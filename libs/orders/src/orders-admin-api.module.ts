import { Module, type OnModuleInit } from '@nestjs/common';
import { NodeRegistry, NodeRegistryModule } from '@platform/graphql';
import { CustomerOrdersAdminResolver } from './graphql/admin/customer-orders.admin.resolver.js';
import { adminOrderView } from './graphql/admin/order.presenter.js';
import { OrdersAdminResolver } from './graphql/admin/orders.admin.resolver.js';
import { OrdersModule } from './orders.module.js';
import { OrdersService } from './orders.service.js';

/**
 * Orders on the admin schema: the fields they add to Customer (`orders`, `lastOrder`) and the Order node,
 * all under `read_orders`. No root field yet: orders are reached through their customer or `node`.
 */
@Module({
  imports: [OrdersModule, NodeRegistryModule],
  providers: [CustomerOrdersAdminResolver, OrdersAdminResolver],
})
export class OrdersAdminApiModule implements OnModuleInit {
  constructor(
    private readonly nodes: NodeRegistry,
    private readonly orders: OrdersService,
  ) {}

  onModuleInit(): void {
    this.nodes.register('admin_graphql', 'Order', { scope: 'read_orders' }, async (ctx, id) => (await this.orders.ordersByIds(ctx, [id]))[0] ?? null, adminOrderView);
  }
}
