import { Module, type OnModuleInit } from '@nestjs/common';
import { NodeRegistry, NodeRegistryModule } from '@platform/graphql-types';
import { CustomerAccountsService } from './customer-accounts.service.js';
import { CustomersModule } from './customers.module.js';
import { CustomerAccountsStorefrontResolver } from './graphql/storefront/customer-accounts.storefront.resolver.js';
import { CustomersStorefrontResolver, MailingAddressesStorefrontResolver } from './graphql/storefront/customers.storefront.resolver.js';
import { customerView } from './graphql/storefront/customer.presenter.js';

/**
 * Customer accounts on the storefront schema: `customer(customerAccessToken:)` with addresses (orders add their field),
 * and the login, sign-up and profile mutations. Every field needs a token with the customers scopes.
 */
@Module({
  imports: [CustomersModule, NodeRegistryModule],
  providers: [
    CustomerAccountsService,
    CustomersStorefrontResolver,
    MailingAddressesStorefrontResolver,
    CustomerAccountsStorefrontResolver,
  ],
  // Carts read a buyer's customer from their access token.
  exports: [CustomerAccountsService],
})
export class CustomersStorefrontApiModule implements OnModuleInit {
  constructor(private readonly nodes: NodeRegistry) {}

  onModuleInit(): void {
    // The view other contexts show a customer with (a cart's buyerIdentity.customer). Customers are reached with
    // their access token, never by id: `node(id:)` finds none.
    this.nodes.register('storefront', 'Customer', {}, async () => null, customerView);
  }
}
