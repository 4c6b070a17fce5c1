import { Module } from '@nestjs/common';
import { NodeRegistryModule } from '@platform/graphql';
import { OrdersModule } from '@platform/orders';
import { CustomerAccountsService } from './customer-accounts.service.js';
import { CustomersModule } from './customers.module.js';
import { CustomerAccountsStorefrontResolver } from './graphql/storefront/customer-accounts.storefront.resolver.js';
import { CustomersStorefrontResolver, MailingAddressesStorefrontResolver } from './graphql/storefront/customers.storefront.resolver.js';
import { OrderLineItemsStorefrontResolver, OrdersStorefrontResolver } from './graphql/storefront/orders.storefront.resolver.js';

/**
 * Customer accounts on the storefront schema: `customer(customerAccessToken:)` with addresses and orders,
 * and the login, sign-up and profile mutations. Every field needs a token with the customers scopes.
 */
@Module({
  imports: [CustomersModule, OrdersModule, NodeRegistryModule],
  providers: [
    CustomerAccountsService,
    CustomersStorefrontResolver,
    MailingAddressesStorefrontResolver,
    CustomerAccountsStorefrontResolver,
    OrdersStorefrontResolver,
    OrderLineItemsStorefrontResolver,
  ],
})
export class CustomersStorefrontApiModule {}
