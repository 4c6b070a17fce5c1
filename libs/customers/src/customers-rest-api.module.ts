import { Module } from '@nestjs/common';
import { CustomersModule } from './customers.module.js';
import { CustomersController } from './rest/customers.controller.js';

/** The legacy REST `customer` resource under `/admin/api/{version}/customers…` (spec 3). */
@Module({ imports: [CustomersModule], controllers: [CustomersController] })
export class CustomersRestApiModule {}
