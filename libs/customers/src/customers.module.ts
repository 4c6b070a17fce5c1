import { Module } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { CustomerAddress } from './customer-address.entity.js';
import { Customer } from './customer.entity.js';
import { CustomersService } from './customers.service.js';

@Module({
  imports: [DatabaseModule.forFeature([Customer, CustomerAddress])],
  providers: [CustomersService],
  exports: [CustomersService],
})
export class CustomersModule {}
