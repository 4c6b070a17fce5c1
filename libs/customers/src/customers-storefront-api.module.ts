import { Module } from '@nestjs/common';
import { CustomerAccountsService } from './customer-accounts.service.js';
import { CustomersModule } from './customers.module.js';
import { CustomerAccountsStorefrontResolver } from './graphql/storefront/customer-accounts.storefront.resolver.js';
import { CustomersStorefrontResolver, MailingAddressesStorefrontResolver } from './graphql/storefront/customers.storefront.resolver.js';

/**
 * Customer accounts on the storefront schema: `customer(customerAccessToken:)` with addresses (orders add their field),
 * and the login, sign-up and profile mutations. Every field needs a token with the customers scopes.
 */
@Module({
  imports: [CustomersModule],
  providers: [
    CustomerAccountsService,
    CustomersStorefrontResolver,
    MailingAddressesStorefrontResolver,
    CustomerAccountsStorefrontResolver,
  ],
  // Carts read a buyer's customer from their access token.
  exports: [CustomerAccountsService],
})
export class CustomersStorefrontApiModule {}
