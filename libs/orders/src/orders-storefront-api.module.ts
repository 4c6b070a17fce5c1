import { Module } from '@nestjs/common';
import { NodeRegistryModule } from '@platform/graphql-types';
import { CustomerOrdersStorefrontResolver } from './graphql/storefront/customer-orders.storefront.resolver.js';
import { OrderLineItemsStorefrontResolver, OrdersStorefrontResolver } from './graphql/storefront/orders.storefront.resolver.js';
import { OrdersModule } from './orders.module.js';

/**
 * Orders on the storefront schema: `Customer.orders` with their line items and the variants bought. A customer
 * is reached with its access token (the customers context's `customer` query), so this module adds no root field.
 */
@Module({
  imports: [OrdersModule, NodeRegistryModule],
  providers: [CustomerOrdersStorefrontResolver, OrdersStorefrontResolver, OrderLineItemsStorefrontResolver],
})
export class OrdersStorefrontApiModule {}
