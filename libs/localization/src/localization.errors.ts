import { type DomainError, type ErrorCodeOf, defineErrors } from '@platform/errors';

/**
 * Every code localization reports: problems with an imported market or translation, thrown (a 422 on REST).
 */
export const LocalizationErrors = defineErrors({
  BLANK: 'UNPROCESSABLE',
  INVALID: 'UNPROCESSABLE',
  TOO_LONG: 'UNPROCESSABLE',
  TAKEN: 'UNPROCESSABLE',
});
export type LocalizationErrorCode = ErrorCodeOf<typeof LocalizationErrors>;
export type LocalizationError = DomainError<LocalizationErrorCode>;

/** Builds the error of an input field below `field` (a rule's path); INVALID unless told. */
export type Invalid = (path: string, message: string, code?: LocalizationErrorCode) => LocalizationError;

/** An error factory whose fields are prefixed (e.g. `markets[1].currency`). */
export function invalidAt(field: string): Invalid {
  return (path, message, code = 'INVALID') => LocalizationErrors[code](message, { field: `${field}.${path}` });
}

/** A key another market or translation of the shop, or of the same batch, already has. */
export function taken(field: string, message = 'has already been taken'): LocalizationError {
  return LocalizationErrors.TAKEN(message, { field });
}
