import { Module } from '@nestjs/common';
import { CustomersModule } from '@platform/customers';
import { OrdersModule } from './orders.module.js';
import { CustomerOrdersController } from './rest/customer-orders.controller.js';

/** The orders of the legacy REST API: `GET customers/{id}/orders.json` (spec 3's customer table). */
@Module({ imports: [OrdersModule, CustomersModule], controllers: [CustomerOrdersController] })
export class OrdersRestApiModule {}
