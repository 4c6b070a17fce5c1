import { Module } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { CustomerAccessToken } from './customer-access-token.entity.js';
import { CustomerAddress } from './customer-address.entity.js';
import { Customer } from './customer.entity.js';
import { CustomerDirectoryService } from './customer-directory.service.js';
import { CustomersService } from './customers.service.js';
import { SendCustomerEmailJob } from './jobs/send-customer-email.job.js';
import { DeleteExpiredAccessTokensJob } from './jobs/delete-expired-access-tokens.job.js';

// The storefront's account use cases (CustomerAccountsService) live in CustomersStorefrontApiModule: they
// need the API's rate-limit store, which the CLI and the worker do not have.
@Module({
  imports: [DatabaseModule.forFeature([Customer, CustomerAddress, CustomerAccessToken])],
  providers: [CustomersService, CustomerDirectoryService, DeleteExpiredAccessTokensJob, SendCustomerEmailJob],
  exports: [CustomersService, CustomerDirectoryService],
})
export class CustomersModule {}
