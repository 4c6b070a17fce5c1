import { Module } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { OrderLineItem } from './order-line-item.entity.js';
import { Order } from './order.entity.js';
import { OrdersService } from './orders.service.js';

@Module({
  imports: [DatabaseModule.forFeature([Order, OrderLineItem])],
  providers: [OrdersService],
  exports: [OrdersService],
})
export class OrdersModule {}
