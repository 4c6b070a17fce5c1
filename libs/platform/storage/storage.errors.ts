import { type ErrorCodeOf, defineErrors } from '@platform/errors';

/** What file storage refuses; a caller's input problem (a name, a type, a size) is UNPROCESSABLE or PAYLOAD_TOO_LARGE. */
export const StorageErrors = defineErrors({
  FILE_NOT_FOUND: 'NOT_FOUND',
  INVALID_FILE_KEY: 'UNPROCESSABLE',
  UNSUPPORTED_FILE_TYPE: 'UNPROCESSABLE',
  FILE_EXISTS: 'UNPROCESSABLE',
  FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  INVALID_RANGE: 'UNPROCESSABLE',
});
export type StorageErrorCode = ErrorCodeOf<typeof StorageErrors>;
