import { type DomainError, type ErrorCodeOf, defineErrors } from '@platform/errors';

/**
 * Every code the companies context reports. Import problems are UNPROCESSABLE (thrown: imports and seed have no
 * payload). The buyer of `@inContext(buyer:)` is refused before anything runs: a customer access token that is
 * unknown, expired or of a disabled account is a credential problem (ACCESS_DENIED); a company location id that is
 * malformed (INVALID_COMPANY_LOCATION) or that the customer does not buy for (unknown, another shop's, another
 * company's, or not assigned: BUYER_CANNOT_PURCHASE_FOR_COMPANY_LOCATION, so a buyer learns nothing of other
 * companies) is a GraphQL error with that code, the hosted platform's cart error codes.
 */
export const CompanyErrors = defineErrors({
  BLANK: 'UNPROCESSABLE',
  INVALID: 'UNPROCESSABLE',
  TOO_LONG: 'UNPROCESSABLE',
  TAKEN: 'UNPROCESSABLE',
  INVALID_CUSTOMER_ACCESS_TOKEN: 'UNAUTHORIZED',
  INVALID_COMPANY_LOCATION: 'UNPROCESSABLE',
  BUYER_CANNOT_PURCHASE_FOR_COMPANY_LOCATION: 'UNPROCESSABLE',
});
export type CompanyErrorCode = ErrorCodeOf<typeof CompanyErrors>;
export type CompanyError = DomainError<CompanyErrorCode>;

/** A problem with one field of an import (`companies[2].locations[0].catalog.adjustment.value`). */
export function invalidAt(field: string, message: string, code: 'BLANK' | 'INVALID' | 'TOO_LONG' | 'TAKEN' = 'INVALID'): CompanyError {
  return CompanyErrors[code](message, { field });
}

export function invalidCustomerAccessToken(): CompanyError {
  return CompanyErrors.INVALID_CUSTOMER_ACCESS_TOKEN('Customer access token is invalid or expired.', { field: 'buyer.customerAccessToken' });
}

export function invalidCompanyLocation(id: string): CompanyError {
  return CompanyErrors.INVALID_COMPANY_LOCATION(`Company location '${id}' is not a valid CompanyLocation id.`, {
    field: 'buyer.companyLocationId',
    extensions: { code: 'INVALID_COMPANY_LOCATION' },
  });
}

export function cannotPurchaseFor(id: string): CompanyError {
  return CompanyErrors.BUYER_CANNOT_PURCHASE_FOR_COMPANY_LOCATION(`The buyer cannot purchase for company location '${id}'.`, {
    field: 'buyer.companyLocationId',
    extensions: { code: 'BUYER_CANNOT_PURCHASE_FOR_COMPANY_LOCATION' },
  });
}
