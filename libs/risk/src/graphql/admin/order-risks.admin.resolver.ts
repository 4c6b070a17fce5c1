import { ResolveField, Resolver } from '@nestjs/graphql';
import { AdminOrder } from '@platform/orders';
import { type GraphqlContextValue, type NoArgs, RequiresScope } from '@platform/request';
import { OrderRisksService } from '../../order-risks.service.js';
import { adminRiskSummaryView } from './order-risk.presenter.js';
import { AdminOrderRiskSummary } from './order-risk.type.js';

// `Order.risk`: the order type is the orders context's, its risks are this context's (under read_orders).
@Resolver(() => AdminOrder)
export class OrderRisksAdminResolver {
  constructor(private readonly risks: OrderRisksService) {}

  // Every order of a page shares one statement (OrderRisksService batches per request).
  @RequiresScope('read_orders')
  @ResolveField(() => AdminOrderRiskSummary, { description: "The order's fraud assessments and what they recommend." })
  async risk(order: AdminOrder, _args: NoArgs, { ctx }: GraphqlContextValue): Promise<AdminOrderRiskSummary> {
    return adminRiskSummaryView(await this.risks.riskOfOrder(ctx, order.record.id));
  }
}
