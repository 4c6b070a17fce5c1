import { type DomainError, type ErrorCodeOf, defineErrors } from '@platform/errors';

/**
 * Every code the payments ledger reports. Its writes come from operators (the CLI) and events, so they throw these;
 * the CLI prints them, the API never writes the ledger.
 */
export const PaymentsErrors = defineErrors({
  BLANK: 'UNPROCESSABLE',
  INVALID: 'UNPROCESSABLE',
  TOO_LONG: 'UNPROCESSABLE',
  /** A payout addressed by an id the shop does not have. */
  NOT_FOUND: 'NOT_FOUND',
  /** A payout status change its current status does not allow (a paid payout cannot be canceled). */
  INVALID_TRANSITION: 'UNPROCESSABLE',
});
export type PaymentsErrorCode = ErrorCodeOf<typeof PaymentsErrors>;
export type PaymentsError = DomainError<PaymentsErrorCode>;
