import { type DomainError, type ErrorCodeOf, defineErrors } from '@platform/errors';

/**
 * The problems of the bulk variant writes, by the hosted codes (ProductVariantsBulkCreate/Update/DeleteUserErrorCode):
 * each payload's enum takes the ones it knows. All are the caller's input; nothing is written (or, with
 * `allowPartialUpdates`, nothing of the variant at fault).
 */
export const VariantErrors = defineErrors({
  PRODUCT_DOES_NOT_EXIST: 'UNPROCESSABLE',
  PRODUCT_VARIANT_DOES_NOT_EXIST: 'UNPROCESSABLE',
  PRODUCT_VARIANT_ID_MISSING: 'UNPROCESSABLE',
  NO_KEY_ON_CREATE: 'UNPROCESSABLE',
  INVALID: 'UNPROCESSABLE',
  GREATER_THAN_OR_EQUAL_TO: 'UNPROCESSABLE',
  NEED_TO_ADD_OPTION_VALUES: 'UNPROCESSABLE',
  OPTION_VALUES_FOR_NUMBER_OF_UNKNOWN_OPTIONS: 'UNPROCESSABLE',
  OPTION_DOES_NOT_EXIST: 'UNPROCESSABLE',
  VARIANT_ALREADY_EXISTS: 'UNPROCESSABLE',
  TOO_MANY_VARIANTS: 'UNPROCESSABLE',
  CANNOT_DELETE_LAST_VARIANT: 'UNPROCESSABLE',
  AT_LEAST_ONE_VARIANT_DOES_NOT_BELONG_TO_THE_PRODUCT: 'UNPROCESSABLE',
});
export type VariantErrorCode = ErrorCodeOf<typeof VariantErrors>;
export type VariantError = DomainError<VariantErrorCode>;
