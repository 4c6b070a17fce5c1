import { FILE_TYPES } from '@platform/storage';
import { imageWork, loadSharp } from './image-work.js';
import { type MediaError, MediaErrors } from './media.errors.js';

// What an image's bytes are, read from the bytes themselves (never from a name or a declared type), and whether the
// platform keeps them: PNG, GIF or JPEG, within the size and pixel bounds, decoding whole.

/** The hosted platform's largest side. */
export const MAX_IMAGE_SIDE = 5760;
/** Pixels in all an image's frames: one image of the largest sides, so an animation cannot decode to more. */
export const MAX_IMAGE_PIXELS = MAX_IMAGE_SIDE * MAX_IMAGE_SIDE;

export type ImageFormat = 'png' | 'gif' | 'jpeg';
/** The media types of the images the platform keeps. */
export const IMAGE_MIME_TYPES: readonly string[] = ['image/png', 'image/gif', 'image/jpeg'];

/** An image the platform keeps. */
export interface ImageFacts {
  format: ImageFormat;
  mimeType: string;
  width: number;
  height: number;
  bytes: number;
}

/** The format the first bytes announce (magic numbers), or null. */
export function sniffedFormat(bytes: Uint8Array): ImageFormat | null {
  const starts = (...values: number[]) => values.every((value, i) => bytes[i] === value);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  return null;
}

/**
 * The image's facts, or the problem that refuses it (`field` names the input that brought the bytes): the size is
 * checked first, then the format from the magic numbers, then the sides and pixels from the header (a decompression
 * bomb is refused before any pixel is decoded), then the whole image is decoded once (a truncated file fails).
 */
export async function inspectImage(bytes: Buffer, maxBytes: number, field: string): Promise<{ image: ImageFacts } | { problem: MediaError }> {
  const refuse = (code: keyof typeof MediaErrors, message: string) => ({ problem: MediaErrors[code](message, { field }) });
  if (bytes.length === 0) return refuse('INVALID_IMAGE_FILE_SIZE', 'Image is empty');
  if (bytes.length > maxBytes) return refuse('INVALID_IMAGE_FILE_SIZE', `Image is larger than ${maxBytes} bytes`);
  const format = sniffedFormat(bytes);
  if (!format) return refuse('UNSUPPORTED_IMAGE_FILE_TYPE', 'Image must be a PNG, GIF or JPEG file');
  const sharp = await loadSharp();
  let width: number;
  let height: number;
  try {
    const header = await sharp(bytes, { limitInputPixels: false, animated: true }).metadata();
    width = header.width ?? 0;
    height = header.pageHeight ?? header.height ?? 0;
    const frames = header.pages ?? 1;
    if (header.format !== format) return refuse('UNSUPPORTED_IMAGE_FILE_TYPE', 'Image must be a PNG, GIF or JPEG file');
    if (width < 1 || height < 1) return refuse('IMAGE_PROCESSING_FAILURE', 'Image has no pixels');
    if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) return refuse('INVALID_IMAGE_RESOLUTION', `Image sides must be at most ${MAX_IMAGE_SIDE} pixels`);
    if (width * height * frames > MAX_IMAGE_PIXELS) return refuse('INVALID_IMAGE_RESOLUTION', `Image has more than ${MAX_IMAGE_PIXELS} pixels in all its frames`);
  } catch {
    return refuse('IMAGE_PROCESSING_FAILURE', 'Image could not be read');
  }
  try {
    // Decodes every pixel once: a file cut short or corrupt past its header fails here.
    await imageWork(() => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: true, failOn: 'truncated' }).stats());
  } catch {
    return refuse('IMAGE_PROCESSING_FAILURE', 'Image could not be decoded (truncated or corrupt)');
  }
  // The format's name is its extension in storage's file types.
  return { image: { format, mimeType: FILE_TYPES[format]!, width, height, bytes: bytes.length } };
}
