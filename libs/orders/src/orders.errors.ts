import { type DomainError, type ErrorCodeOf, defineErrors } from '@platform/errors';

/** Every code the orders context reports: problems with an imported order, thrown (422 on REST). */
export const OrderErrors = defineErrors({
  BLANK: 'UNPROCESSABLE',
  INVALID: 'UNPROCESSABLE',
  TAKEN: 'UNPROCESSABLE',
  TOTALS_MISMATCH: 'UNPROCESSABLE',
});
export type OrderErrorCode = ErrorCodeOf<typeof OrderErrors>;
export type OrderError = DomainError<OrderErrorCode>;
