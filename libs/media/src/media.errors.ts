import { type DomainError, type ErrorCodeOf, defineErrors } from '@platform/errors';

/**
 * Every code the media context reports: the hosted `MediaErrorCode`s of an image that cannot be kept, and INVALID for
 * a file name it refuses. All are the caller's input problems (REST 422 keyed by field, GraphQL media errors).
 */
export const MediaErrors = defineErrors({
  INVALID: 'UNPROCESSABLE',
  /** Not a PNG, GIF or JPEG, whatever its name says. */
  UNSUPPORTED_IMAGE_FILE_TYPE: 'UNPROCESSABLE',
  /** Empty, or over MEDIA_MAX_BYTES. */
  INVALID_IMAGE_FILE_SIZE: 'UNPROCESSABLE',
  /** Wider or taller than 5,760 pixels, or more pixels in all its frames than one such image. */
  INVALID_IMAGE_RESOLUTION: 'UNPROCESSABLE',
  /** The bytes start as an image but do not decode (truncated, corrupt). */
  IMAGE_PROCESSING_FAILURE: 'UNPROCESSABLE',
  /** A source URL that did not give an image: refused (private address, scheme), unreachable, or not a 2xx. */
  IMAGE_DOWNLOAD_FAILURE: 'UNPROCESSABLE',
});
export type MediaErrorCode = ErrorCodeOf<typeof MediaErrors>;
export type MediaError = DomainError<MediaErrorCode>;
