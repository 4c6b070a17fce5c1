import { Module } from '@nestjs/common';
import { CustomersModule } from './customers.module.js';
import { AccountActivationController } from './pages/account-activation.controller.js';
import { ActivationPagesService } from './pages/activation-pages.service.js';

/** The pages the platform hosts for customers: account activation (`/account/activate/:customerId/:token`). */
@Module({
  imports: [CustomersModule],
  controllers: [AccountActivationController],
  providers: [ActivationPagesService],
})
export class CustomersPagesApiModule {}
