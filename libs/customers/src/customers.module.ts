import { Module } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { CustomerAccessToken } from './customer-access-token.entity.js';
import { CustomerAccountsService } from './customer-accounts.service.js';
import { CustomerAddress } from './customer-address.entity.js';
import { Customer } from './customer.entity.js';
import { CustomersService } from './customers.service.js';

@Module({
  imports: [DatabaseModule.forFeature([Customer, CustomerAddress, CustomerAccessToken])],
  providers: [CustomersService, CustomerAccountsService],
  exports: [CustomersService, CustomerAccountsService],
})
export class CustomersModule {}
