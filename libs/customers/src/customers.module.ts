import { Module } from '@nestjs/common';
import { ContentModule } from '@platform/content';
import { DatabaseModule } from '@platform/database';
import { MailModule } from '@platform/mail';
import { CustomerAccessToken } from './customer-access-token.entity.js';
import { CustomerActivationService } from './customer-activation.service.js';
import { CustomerAddress } from './customer-address.entity.js';
import { Customer } from './customer.entity.js';
import { CustomerDirectoryService } from './customer-directory.service.js';
import { CustomerEmailQueue } from './customer-email-queue.js';
import { CustomerEmailsService } from './customer-emails.service.js';
import { CustomersService } from './customers.service.js';
import { SendCustomerEmailJob } from './jobs/send-customer-email.job.js';
import { DeleteExpiredAccessTokensJob } from './jobs/delete-expired-access-tokens.job.js';

// The storefront's account use cases (CustomerAccountsService) live in CustomersStorefrontApiModule: they
// need the API's rate-limit store, which the CLI and the worker do not have.
@Module({
  // Content keeps the customers' metafields (content does not import customers).
  imports: [DatabaseModule.forFeature([Customer, CustomerAddress, CustomerAccessToken]), MailModule, ContentModule],
  providers: [
    CustomersService,
    CustomerDirectoryService,
    CustomerActivationService,
    CustomerEmailQueue,
    DeleteExpiredAccessTokensJob,
    SendCustomerEmailJob,
    CustomerEmailsService,
  ],
  exports: [CustomersService, CustomerDirectoryService],
})
export class CustomersModule {}
