import { MAX_INPUT_ARRAY_SIZE } from '@platform/errors';
import { isRecordId } from '@platform/ids';
import { type ProductMediaError, ProductMediaErrors } from '../catalog.errors.js';
import type { ProductImageInput } from './product-image.inputs.js';

// A product's images as spec 3 keeps them: at most 250, positions 1… without gaps (1 is the main image), alt text,
// and variants of the same product. Pure: the service brings the product's images and variants.

export const MAX_IMAGES_PER_PRODUCT = 250;
/** The hosted platform's alt text limit. */
export const MAX_ALT_LENGTH = 512;
const MAX_POSITION = 2 ** 31 - 1;

/** The problems of an image's fields (`create` needs exactly one of attachment and src); fields as REST names them. */
export function imageInputProblems(input: ProductImageInput, mode: 'create' | 'update'): ProductMediaError[] {
  const problems: ProductMediaError[] = [];
  if (input.position != null && (!Number.isSafeInteger(input.position) || input.position < 1 || input.position > MAX_POSITION)) {
    problems.push(ProductMediaErrors.INVALID('must be a whole number from 1', { field: 'position' }));
  }
  if (input.alt != null) {
    if (input.alt.includes('\0')) problems.push(ProductMediaErrors.INVALID('is invalid', { field: 'alt' }));
    else if (input.alt.length > MAX_ALT_LENGTH) problems.push(ProductMediaErrors.TOO_LONG(`is too long (maximum is ${MAX_ALT_LENGTH} characters)`, { field: 'alt' }));
  }
  if (input.variantIds != null) {
    if (input.variantIds.length > MAX_INPUT_ARRAY_SIZE) problems.push(ProductMediaErrors.INVALID(`can have at most ${MAX_INPUT_ARRAY_SIZE} variants`, { field: 'variant_ids' }));
    else if (!input.variantIds.every(isRecordId)) problems.push(ProductMediaErrors.PRODUCT_VARIANT_DOES_NOT_EXIST('must be variants of the product', { field: 'variant_ids' }));
  }
  if (mode === 'create') {
    const given = [input.attachment, input.src].filter((value) => value != null && value !== '').length;
    if (given === 0) problems.push(ProductMediaErrors.BLANK('An image needs an attachment or a src', { field: 'attachment' }));
    if (given === 2) problems.push(ProductMediaErrors.INVALID('Give an attachment or a src, not both', { field: 'src' }));
    if (input.filename != null && input.attachment == null) problems.push(ProductMediaErrors.INVALID('is given with an attachment', { field: 'filename' }));
  } else {
    for (const field of ['attachment', 'src', 'filename', 'metafields'] as const) {
      if (input[field] != null) problems.push(ProductMediaErrors.INVALID("can't be changed: delete the image and create another", { field }));
    }
  }
  return problems;
}

/** The bytes of strict base64 (RFC 4648's alphabet, padded, no whitespace), or null. */
export function decodedAttachment(text: string): Buffer | null {
  if (text.length === 0 || text.length % 4 !== 0) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  for (let i = 0; i < text.length - padding; i++) {
    const c = text.charCodeAt(i);
    const ok = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47;
    if (!ok) return null;
  }
  return Buffer.from(text, 'base64');
}

/** The ids in display order once `id` is at `position` (1-based; none or past the end: the end). */
export function placed(order: readonly number[], id: number, position: number | null | undefined): number[] {
  const rest = order.filter((other) => other !== id);
  const at = position == null ? rest.length : Math.min(Math.max(position, 1) - 1, rest.length);
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}
