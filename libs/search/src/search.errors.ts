import { type DomainError, type ErrorCodeOf, defineErrors } from '@platform/errors';

/** Every code search reports: an argument out of range, answered as BAD_USER_INPUT naming it. */
export const SearchErrors = defineErrors({
  INVALID: 'UNPROCESSABLE',
});
export type SearchErrorCode = ErrorCodeOf<typeof SearchErrors>;
export type SearchError = DomainError<SearchErrorCode>;
