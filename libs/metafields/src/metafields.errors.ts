import { type DomainError, type ErrorCodeOf, defineErrors } from '@platform/errors';

/**
 * Every code metafields report, with the error table's kind for it. All are problems with the caller's input (a
 * metafield to set or delete, an imported one): `metafieldsSet` answers them as userErrors, imports throw them.
 */
export const MetafieldErrors = defineErrors({
  BLANK: 'UNPROCESSABLE',
  INVALID: 'UNPROCESSABLE',
  TOO_SHORT: 'UNPROCESSABLE',
  TOO_LONG: 'UNPROCESSABLE',
  /** A type the platform does not store. */
  INVALID_TYPE: 'UNPROCESSABLE',
  /** A value its type does not accept. */
  INVALID_VALUE: 'UNPROCESSABLE',
  /** The same metafield twice in one input, or one the shop already has (imports). */
  TAKEN: 'UNPROCESSABLE',
  /** More metafields in one call than it takes. */
  LESS_THAN_OR_EQUAL_TO: 'UNPROCESSABLE',
  /** An owner id of no registered owner type, or of no owner of the shop. */
  OWNER_NOT_FOUND: 'UNPROCESSABLE',
  /** A `compareDigest` that is not a digest. */
  INVALID_COMPARE_DIGEST: 'UNPROCESSABLE',
  /** A `compareDigest` that is not the stored value's: it changed since it was read. */
  STALE_OBJECT: 'UNPROCESSABLE',
});
export type MetafieldErrorCode = ErrorCodeOf<typeof MetafieldErrors>;
export type MetafieldError = DomainError<MetafieldErrorCode>;

/** An error factory whose fields are prefixed (e.g. `metafields[3].key`); INVALID unless told. */
export function invalidAt(field: string): (path: string, message: string, code?: MetafieldErrorCode) => MetafieldError {
  return (path, message, code = 'INVALID') => MetafieldErrors[code](message, { field: `${field}.${path}` });
}
