import { Module, type OnModuleInit } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { EventsModule } from '@platform/events';
import { MailModule } from '@platform/mail';
import { MetafieldOwnerRegistry, MetafieldsModule } from '@platform/metafields';
import { CustomerAccessToken } from './customer-access-token.entity.js';
import { CustomerActivationService } from './customer-activation.service.js';
import { CustomerAddress } from './customer-address.entity.js';
import { Customer } from './customer.entity.js';
import { CustomerDirectoryService } from './customer-directory.service.js';
import { CustomerEmailsService } from './customer-emails.service.js';
import { CustomersService } from './customers.service.js';
import { SendCustomerEmailJob } from './jobs/send-customer-email.job.js';
import { DeleteExpiredAccessTokensJob } from './jobs/delete-expired-access-tokens.job.js';

// The storefront's account use cases (CustomerAccountsService) live in CustomersStorefrontApiModule: they
// need the API's rate-limit store, which the CLI and the worker do not have.
@Module({
  // Customers keep metafields: they register as their owner and write them in their own transactions.
  imports: [DatabaseModule.forFeature([Customer, CustomerAddress, CustomerAccessToken]), EventsModule, MailModule, MetafieldsModule],
  providers: [
    CustomersService,
    CustomerDirectoryService,
    CustomerActivationService,
    DeleteExpiredAccessTokensJob,
    SendCustomerEmailJob,
    CustomerEmailsService,
  ],
  exports: [CustomersService, CustomerDirectoryService],
})
export class CustomersModule implements OnModuleInit {
  constructor(
    private readonly owners: MetafieldOwnerRegistry,
    private readonly directory: CustomerDirectoryService,
  ) {}

  // A customer's metafields are private: read_customers reads them, write_customers writes them, the storefront shows none.
  onModuleInit(): void {
    this.owners.register({
      ownerType: 'CUSTOMER',
      type: 'Customer',
      read: 'read_customers',
      write: 'write_customers',
      storefront: false,
      existing: (ctx, ids) => this.directory.existingIds(ctx, ids),
    });
  }
}
