import { type DomainError, type ErrorCodeOf, defineErrors } from '@platform/errors';

/**
 * Every code content reports, with the error table's kind for it. All are problems with the caller's input
 * (an imported page, menu, metaobject… or a storefront argument): imports throw them, as a 422 on REST.
 */
export const ContentErrors = defineErrors({
  BLANK: 'UNPROCESSABLE',
  INVALID: 'UNPROCESSABLE',
  TOO_LONG: 'UNPROCESSABLE',
  TAKEN: 'UNPROCESSABLE',
  /** A blog, page, article or metaobject definition named in the input that the shop does not have. */
  NOT_FOUND: 'UNPROCESSABLE',
  /** Menu items nested deeper than a menu allows. */
  TOO_DEEP: 'UNPROCESSABLE',
  TOO_MANY: 'UNPROCESSABLE',
  /** A metaobject field its definition does not have. */
  UNDEFINED_OBJECT_FIELD: 'UNPROCESSABLE',
  /** A `sortKey` argument the connection does not sort by. */
  INVALID_SORT_KEY: 'UNPROCESSABLE',
});
export type ContentErrorCode = ErrorCodeOf<typeof ContentErrors>;
export type ContentError = DomainError<ContentErrorCode>;

/** Builds the error of an input field below `field` (a rule's path); INVALID unless told. */
export type Invalid = (path: string, message: string, code?: ContentErrorCode) => ContentError;

/** An error factory whose fields are prefixed (e.g. `pages[3].handle`). */
export function invalidAt(field: string): Invalid {
  return (path, message, code = 'INVALID') => ContentErrors[code](message, { field: `${field}.${path}` });
}

/** A key (handle, type, namespace and key…) another row of the shop, or of the same batch, already has. */
export function taken(field: string, message = 'has already been taken'): ContentError {
  return ContentErrors.TAKEN(message, { field });
}
