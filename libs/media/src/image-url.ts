import type { ImageTransformValue } from '@platform/graphql-types';
import { FILES_PATH, fileUrl } from '@platform/storage';
import { transformOf, transformQuery } from './image-transform.rules.js';

/**
 * A kept image's URL on `origin` (the request's, so every shop domain serves its own), versioned with the time its
 * owner last changed (`?v=`, Unix seconds) so caches see each change.
 */
export function keptImageUrl(key: string, updatedAt: Date | string, origin: string): string {
  return `${fileUrl(origin, key)}?v=${Math.floor(new Date(updatedAt).getTime() / 1000)}`;
}

/**
 * The URL of an image transformed as `Image.url(transform:)` asks: a kept image's served URL with the transform's
 * query (the variant is made when first fetched), or why the transform is refused. An image the platform does not
 * keep (an imported URL) is answered as it is: the transform is best effort, as hosted.
 */
export function transformedImageUrl(url: string, transform: ImageTransformValue): { url: string } | { problem: string } {
  const query: Record<string, string> = {};
  if (transform.maxWidth != null) query.width = String(transform.maxWidth);
  if (transform.maxHeight != null) query.height = String(transform.maxHeight);
  if (transform.crop != null) query.crop = transform.crop.toLowerCase();
  if (transform.scale != null) query.scale = String(transform.scale);
  if (transform.preferredContentType != null) query.format = transform.preferredContentType.toLowerCase();
  const asked = transformOf(query);
  if (asked === null) return { url };
  if ('problem' in asked) return { problem: asked.problem };
  if (!isKeptFileUrl(url)) return { url };
  const extra = transformQuery(asked);
  return { url: extra === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${extra}` };
}

// A URL of a file the platform serves (`/files/shops/…`), whatever the host.
function isKeptFileUrl(url: string): boolean {
  try {
    return new URL(url).pathname.startsWith(`${FILES_PATH}shops/`);
  } catch {
    return false;
  }
}
