import { Field, ID, InputType } from '@nestjs/graphql';
import { AdminSchema } from '@platform/graphql-types';
import type { RiskFactSentiment as Sentiment, RiskLevel } from '../../order-risk.records.js';
import { RiskAssessmentResult, RiskFactSentiment } from './order-risk.type.js';

@InputType('OrderRiskAssessmentFactInput', { registerIn: () => AdminSchema })
export class OrderRiskAssessmentFactInput {
  @Field({ description: 'What was found (cut at 256 characters).' })
  description!: string;

  @Field(() => RiskFactSentiment)
  sentiment!: Sentiment;
}

@InputType('OrderRiskAssessmentCreateInput', { registerIn: () => AdminSchema })
export class OrderRiskAssessmentCreateInput {
  @Field(() => ID, { description: 'The order to assess.' })
  orderId!: string;

  @Field(() => RiskAssessmentResult)
  riskLevel!: RiskLevel;

  @Field(() => [OrderRiskAssessmentFactInput], { description: 'At most 20.' })
  facts!: OrderRiskAssessmentFactInput[];
}
