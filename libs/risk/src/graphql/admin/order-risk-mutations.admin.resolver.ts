import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { parseGlobalId } from '@platform/ids';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { OrderRisksService } from '../../order-risks.service.js';
import { OrderRiskAssessmentCreateInput } from './order-risk.args.js';
import { OrderRiskAssessmentCreatePayload } from './order-risk-mutations.type.js';
import { adminAssessmentView, assessmentUserErrors } from './order-risk.presenter.js';

@Resolver()
export class OrderRiskMutationsAdminResolver {
  constructor(private readonly risks: OrderRisksService) {}

  // An id that names no order of this shop (malformed, another type, another shop's) is a NOT_FOUND userError.
  @RequiresScope('write_orders')
  @Mutation(() => OrderRiskAssessmentCreatePayload, { nullable: true, description: "Adds the calling app's risk assessment to an order (at most 20 facts)." })
  async orderRiskAssessmentCreate(@Ctx() ctx: RequestContext, @Args('orderRiskAssessmentInput') input: OrderRiskAssessmentCreateInput) {
    const parsed = parseGlobalId(input.orderId);
    const orderId = parsed?.type === 'Order' ? parsed.id : null;
    const result = await this.risks.createAssessment(ctx, { orderId, riskLevel: input.riskLevel, facts: input.facts });
    return { orderRiskAssessment: result.risk && adminAssessmentView(result.risk), userErrors: assessmentUserErrors(result.problems) };
  }
}
