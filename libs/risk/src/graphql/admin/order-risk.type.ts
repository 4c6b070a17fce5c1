import { Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { AdminSchema, BoundedList, enumOf } from '@platform/graphql-types';
import { RISK_FACT_SENTIMENTS, RISK_LEVELS, type OrderRecommendation, type RiskFactSentiment as Sentiment, type RiskLevel } from '../../order-risk.records.js';
import { MAX_FACTS, MAX_RISKS_PER_ORDER } from '../../order-risk.rules.js';


// The hosted admin schema's names for an order's risk (Order.risk, orderRiskAssessmentCreate).

export const RiskAssessmentResult = enumOf(RISK_LEVELS);
registerEnumType(RiskAssessmentResult, {
  registerIn: () => AdminSchema,
  name: 'RiskAssessmentResult',
  description: 'How likely an order is fraudulent by one assessment (NONE: no recommendation; PENDING: not done yet).',
});

export const RiskFactSentiment = enumOf(RISK_FACT_SENTIMENTS);
registerEnumType(RiskFactSentiment, { registerIn: () => AdminSchema, name: 'RiskFactSentiment', description: 'Whether a fact makes the order look more or less risky.' });

export const ORDER_RISK_RECOMMENDATIONS = ['ACCEPT', 'CANCEL', 'INVESTIGATE', 'NONE'] as const satisfies readonly OrderRecommendation[];
export const OrderRiskRecommendationResult = enumOf(ORDER_RISK_RECOMMENDATIONS);
registerEnumType(OrderRiskRecommendationResult, {
  registerIn: () => AdminSchema,
  name: 'OrderRiskRecommendationResult',
  description: "What the merchant should do about an order's risk: the most severe recommendation of its assessments.",
});

@ObjectType('App', { registerIn: () => AdminSchema, description: 'An app installed on the shop.' })
export class AdminApp {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'The name of the app.' })
  title!: string;
}

@ObjectType('RiskFact', { registerIn: () => AdminSchema, description: 'A fact an assessment is based on.' })
export class AdminRiskFact {
  @Field()
  description!: string;

  @Field(() => RiskFactSentiment)
  sentiment!: Sentiment;
}

@ObjectType('OrderRiskAssessment', { registerIn: () => AdminSchema, description: 'One fraud assessment of an order.' })
export class AdminOrderRiskAssessment {
  @Field(() => RiskAssessmentResult, { description: 'How likely the order is fraudulent, by this assessment.' })
  riskLevel!: RiskLevel;

  @BoundedList({ max: MAX_FACTS, withParent: true })
  @Field(() => [AdminRiskFact])
  facts!: AdminRiskFact[];

  @Field(() => AdminApp, { nullable: true, description: 'The app that made the assessment; null when the platform made it.' })
  provider!: AdminApp | null;
}

@ObjectType('OrderRiskSummary', { registerIn: () => AdminSchema, description: "An order's fraud assessments and what they recommend." })
export class AdminOrderRiskSummary {
  @BoundedList({ max: MAX_RISKS_PER_ORDER })
  @Field(() => [AdminOrderRiskAssessment], { description: 'The displayed assessments, oldest first.' })
  assessments!: AdminOrderRiskAssessment[];

  @Field(() => OrderRiskRecommendationResult)
  recommendation!: OrderRecommendation;
}
