import { Module } from '@nestjs/common';
import { OrderRisksController } from './rest/order-risks.controller.js';
import { RiskModule } from './risk.module.js';

/** The legacy REST `risk` resource under `/admin/api/{version}/orders/{id}/risks…` (spec 3, deprecated from 2024-04). */
@Module({ imports: [RiskModule], controllers: [OrderRisksController] })
export class RiskRestApiModule {}
