import { Module } from '@nestjs/common';
import { OrderRiskMutationsAdminResolver } from './graphql/admin/order-risk-mutations.admin.resolver.js';
import { OrderRisksAdminResolver } from './graphql/admin/order-risks.admin.resolver.js';
import { RiskModule } from './risk.module.js';

/** Order risk on the admin schema: `Order.risk` (read_orders) and `orderRiskAssessmentCreate` (write_orders). */
@Module({
  imports: [RiskModule],
  providers: [OrderRisksAdminResolver, OrderRiskMutationsAdminResolver],
})
export class RiskAdminApiModule {}
