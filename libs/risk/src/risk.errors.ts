import { type DomainError, type ErrorCodeOf, defineErrors } from '@platform/errors';

/**
 * Every code the risk context reports. Input problems are answered (REST 422 keyed by field, GraphQL userErrors);
 * NOT_FOUND is an order or risk the caller named that the shop does not show; NOT_OWNER is thrown (403).
 */
export const RiskErrors = defineErrors({
  BLANK: 'UNPROCESSABLE',
  INVALID: 'UNPROCESSABLE',
  /** More than 20 facts in one assessment. */
  TOO_MANY_FACTS: 'UNPROCESSABLE',
  /** An assessment of an order that is already fulfilled. */
  ORDER_ALREADY_FULFILLED: 'UNPROCESSABLE',
  NOT_FOUND: 'NOT_FOUND',
  /** Changing or deleting a risk another app created. */
  NOT_OWNER: 'FORBIDDEN',
});
export type RiskErrorCode = ErrorCodeOf<typeof RiskErrors>;
export type RiskError = DomainError<RiskErrorCode>;

export function orderNotFound(field = 'order_id'): RiskError {
  return RiskErrors.NOT_FOUND('Order does not exist', { field });
}

export function riskNotFound(): RiskError {
  return RiskErrors.NOT_FOUND('Order risk does not exist', { field: 'id' });
}

export function tooManyRisks(max: number, field = 'order_id'): RiskError {
  return RiskErrors.INVALID(`The order already has ${max} risks, the most it can hold`, { field });
}

export function notOwner(): RiskError {
  return RiskErrors.NOT_OWNER('This order risk was created by another app and can only be changed or deleted by that app.');
}
