import { keptImageUrl, transformedImageUrl } from '@platform/media';

// Where a product image is, for every API that shows one (REST `src`, GraphQL `Image.url`, the hosted pages).

/** An image's place: its kept file's key and update time, or an imported image's own URL. */
export interface ImagePlace {
  fileKey: string | null;
  src: string;
  updatedAt: Date | string;
}

/** The image's kept file on `origin` (`keptImageUrl`); an imported image's URL; null while a download runs. */
export function imageUrl(image: ImagePlace, origin: string): string | null {
  if (image.fileKey) return keptImageUrl(image.fileKey, image.updatedAt, origin);
  return image.src || null;
}

/**
 * `imageUrl` as a variant that fits a `side` × `side` box at twice the pixels (sharp on dense screens), for a
 * picture a page shows small; an imported image's URL as it is.
 */
export function smallImageUrl(image: ImagePlace, origin: string, side: number): string | null {
  const url = imageUrl(image, origin);
  if (!url) return null;
  const small = transformedImageUrl(url, { maxWidth: side, maxHeight: side, scale: 2 });
  return 'url' in small ? small.url : url;
}
