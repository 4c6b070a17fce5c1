import { Field, ObjectType, registerEnumType } from '@nestjs/graphql';
import { AdminJob, AdminSchema, AdminUserError, BoundedList, MAX_FIELD_PATH, MAX_USER_ERRORS, enumOf } from '@platform/graphql-types';
import { AdminOrder, AdminRefund } from './order.type.js';


// The hosted codes of orderCancel's own error type.
export const ORDER_CANCEL_ERROR_CODES = ['INTERNAL_ERROR', 'INVALID', 'NOT_FOUND', 'NO_REFUND_PERMISSION'] as const;
export type OrderCancelErrorCodeValue = (typeof ORDER_CANCEL_ERROR_CODES)[number];
export const OrderCancelUserErrorCode = enumOf(ORDER_CANCEL_ERROR_CODES);
registerEnumType(OrderCancelUserErrorCode, { registerIn: () => AdminSchema, name: 'OrderCancelUserErrorCode' });

@ObjectType('OrderCancelUserError', { registerIn: () => AdminSchema, description: 'A problem with an order cancellation; nothing was written.' })
export class OrderCancelUserError {
  @BoundedList({ max: MAX_FIELD_PATH, withParent: true })
  @Field(() => [String], { nullable: true })
  field!: string[] | null;

  @Field()
  message!: string;

  @Field(() => OrderCancelUserErrorCode, { nullable: true })
  code!: OrderCancelErrorCodeValue | null;
}

@ObjectType('RefundCreatePayload', { registerIn: () => AdminSchema })
export class RefundCreatePayload {
  @Field(() => AdminOrder, { nullable: true, description: 'The order after the refund.' })
  order!: AdminOrder | null;

  @Field(() => AdminRefund, { nullable: true, description: 'The refund created.' })
  refund!: AdminRefund | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}

@ObjectType('OrderCancelPayload', { registerIn: () => AdminSchema })
export class OrderCancelPayload {
  @Field(() => AdminJob, { nullable: true, description: 'The cancellation, already done.' })
  job!: AdminJob | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [OrderCancelUserError])
  orderCancelUserErrors!: OrderCancelUserError[];

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError], { deprecationReason: 'Use `orderCancelUserErrors` instead.' })
  userErrors!: AdminUserError[];
}

@ObjectType('OrderClosePayload', { registerIn: () => AdminSchema })
export class OrderClosePayload {
  @Field(() => AdminOrder, { nullable: true, description: 'The closed order.' })
  order!: AdminOrder | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}

@ObjectType('OrderOpenPayload', { registerIn: () => AdminSchema })
export class OrderOpenPayload {
  @Field(() => AdminOrder, { nullable: true, description: 'The reopened order.' })
  order!: AdminOrder | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}
