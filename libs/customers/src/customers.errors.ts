import { type DomainError, type ErrorCodeOf, defineErrors } from '@platform/errors';

/**
 * Every code the customers context reports, with the error table's kind for it. All are problems with the
 * caller's input: mutations answer them as userErrors, REST as 422 (404 for NOT_FOUND), imports throw them.
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
  /** A customer addressed by an id the caller gave that this shop does not have. */
  NOT_FOUND: 'NOT_FOUND',
  /** Deleting a customer who has orders. */
  HAS_ORDERS: 'UNPROCESSABLE',
  /** An activation URL or invite for a customer whose account is already enabled. */
  ALREADY_ENABLED: 'UNPROCESSABLE',
  /** An activation link that was replaced, used or is older than 30 days. */
  EXPIRED: 'UNPROCESSABLE',
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

/** Email and phone belong to one customer per shop. An empty path names the field bare (the merchant's input). */
export function taken(path: string, key: 'email' | 'phone'): CustomerError {
  return CustomerErrors.TAKEN(`${key === 'email' ? 'Email' : 'Phone'} has already been taken`, { field: path ? `${path}.${key}` : key });
}

export function customerNotFound(field = 'id'): CustomerError {
  return CustomerErrors.NOT_FOUND('Customer does not exist', { field });
}
