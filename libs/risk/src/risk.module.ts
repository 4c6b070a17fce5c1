import { Module } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { OrdersModule } from '@platform/orders';
import { OrderRisk } from './order-risk.entity.js';
import { OrderRisksService } from './order-risks.service.js';

// Orders answer whether an order exists (OrdersService); orders do not import risk.
@Module({
  imports: [DatabaseModule.forFeature([OrderRisk]), OrdersModule],
  providers: [OrderRisksService],
  exports: [OrderRisksService],
})
export class RiskModule {}
