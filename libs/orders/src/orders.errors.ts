import { type DomainError, type ErrorCodeOf, defineErrors } from '@platform/errors';

/** Every code the orders context reports: problems with an imported order, thrown (422 on REST). */
export const OrderErrors = defineErrors({
  BLANK: 'UNPROCESSABLE',
  INVALID: 'UNPROCESSABLE',
  TAKEN: 'UNPROCESSABLE',
  TOTALS_MISMATCH: 'UNPROCESSABLE',
  /** An order, line item or transaction the caller named that the shop's order does not have. */
  NOT_FOUND: 'NOT_FOUND',
  /** More items or money than the order has left to refund. */
  EXCEEDS_REFUNDABLE: 'UNPROCESSABLE',
  /** What the order's state forbids: cancelling it twice, cancelling a fulfilled order. */
  INVALID_STATE: 'UNPROCESSABLE',
});
export type OrderErrorCode = ErrorCodeOf<typeof OrderErrors>;
export type OrderError = DomainError<OrderErrorCode>;

/** An order the caller named by id (on the argument `field`) that the shop does not have. */
export function orderNotFound(field = 'id'): OrderError {
  return OrderErrors.NOT_FOUND('Order does not exist', { field });
}
