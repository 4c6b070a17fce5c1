import { type DomainError, type ErrorCodeOf, defineErrors } from '@platform/errors';

/**
 * Every code the customers context reports, with the error table's kind for it. All are problems with the
 * caller's input: storefront mutations answer them as `customerUserErrors`, imports throw them (422 on REST).
 */
export const CustomerErrors = defineErrors({
  BLANK: 'UNPROCESSABLE',
  INVALID: 'UNPROCESSABLE',
  TAKEN: 'UNPROCESSABLE',
  TOO_LONG: 'UNPROCESSABLE',
  TOO_SHORT: 'UNPROCESSABLE',
  CONTAINS_HTML_TAGS: 'UNPROCESSABLE',
  CONTAINS_URL: 'UNPROCESSABLE',
  PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE: 'UNPROCESSABLE',
  UNIDENTIFIED_CUSTOMER: 'UNPROCESSABLE',
  ACCESS_TOKEN_NOT_FOUND: 'UNPROCESSABLE',
});
export type CustomerErrorCode = ErrorCodeOf<typeof CustomerErrors>;
export type CustomerError = DomainError<CustomerErrorCode>;

/** Wrong password, unknown email and accounts that cannot log in all look alike. */
export function unidentifiedCustomer(field?: string): CustomerError {
  return CustomerErrors.UNIDENTIFIED_CUSTOMER('Unidentified customer', { field });
}

export function accessTokenNotFound(): CustomerError {
  return CustomerErrors.ACCESS_TOKEN_NOT_FOUND('Access token does not exist', { field: 'customerAccessToken' });
}

/** Email and phone belong to one customer per shop. */
export function taken(path: string, key: 'email' | 'phone'): CustomerError {
  return CustomerErrors.TAKEN(`${key === 'email' ? 'Email' : 'Phone'} has already been taken`, { field: `${path}.${key}` });
}
