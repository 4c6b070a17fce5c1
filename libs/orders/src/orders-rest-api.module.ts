import { Module } from '@nestjs/common';
import { CustomersModule } from '@platform/customers';
import { OrdersModule } from './orders.module.js';
import { CustomerOrdersController } from './rest/customer-orders.controller.js';
import { OrdersController } from './rest/orders.controller.js';

/** The orders of the legacy REST API: `orders.json`, `orders/count.json`, `orders/{id}.json` and `customers/{id}/orders.json`. */
@Module({ imports: [OrdersModule, CustomersModule], controllers: [OrdersController, CustomerOrdersController] })
export class OrdersRestApiModule {}
