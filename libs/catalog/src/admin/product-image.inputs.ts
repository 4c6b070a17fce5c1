import type { MetafieldInputLike } from './owned-metafields.rules.js';

/** The image resource's create and update fields in the catalog's terms (REST's `image` body, types checked). */
export interface ProductImageInput {
  /** Create: the image's bytes, base64. */
  attachment?: string | null;
  /** Create with an attachment: its file name. */
  filename?: string | null;
  /** Create: a URL the platform downloads. */
  src?: string | null;
  /** 1 is the main image; past the last is the last. */
  position?: number | null;
  alt?: string | null;
  variantIds?: readonly number[] | null;
  /** Create: metafields of the image (REST's limits), set with it. */
  metafields?: readonly MetafieldInputLike[] | null;
}
