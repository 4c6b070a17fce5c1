import { Field, ObjectType, registerEnumType } from '@nestjs/graphql';
import { AdminSchema, BoundedList, MAX_FIELD_PATH, MAX_USER_ERRORS, enumOf } from '@platform/graphql-types';
import { AdminOrderRiskAssessment } from './order-risk.type.js';

export const ASSESSMENT_ERROR_CODES = ['INVALID', 'NOT_FOUND', 'ORDER_ALREADY_FULFILLED', 'TOO_MANY_FACTS'] as const;
export type AssessmentErrorCodeValue = (typeof ASSESSMENT_ERROR_CODES)[number];
export const OrderRiskAssessmentCreateUserErrorCode = enumOf(ASSESSMENT_ERROR_CODES);
registerEnumType(OrderRiskAssessmentCreateUserErrorCode, { registerIn: () => AdminSchema, name: 'OrderRiskAssessmentCreateUserErrorCode' });

@ObjectType('OrderRiskAssessmentCreateUserError', { registerIn: () => AdminSchema })
export class OrderRiskAssessmentCreateUserError {
  @BoundedList({ max: MAX_FIELD_PATH, withParent: true })
  @Field(() => [String], { nullable: true })
  field!: string[] | null;

  @Field()
  message!: string;

  @Field(() => OrderRiskAssessmentCreateUserErrorCode, { nullable: true })
  code!: AssessmentErrorCodeValue | null;
}

@ObjectType('OrderRiskAssessmentCreatePayload', { registerIn: () => AdminSchema })
export class OrderRiskAssessmentCreatePayload {
  @Field(() => AdminOrderRiskAssessment, { nullable: true })
  orderRiskAssessment!: AdminOrderRiskAssessment | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [OrderRiskAssessmentCreateUserError])
  userErrors!: OrderRiskAssessmentCreateUserError[];
}
