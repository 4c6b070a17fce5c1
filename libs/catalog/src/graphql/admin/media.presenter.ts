import { toGlobalId } from '@platform/ids';
import type { AdminImage } from '@platform/graphql-types';
import type { ProductMediaRecord } from '../../admin/product-image.records.js';
import { imageUrl } from '../../image-url.js';
import type { AdminMediaImage } from './media.type.js';

/** A product image as a MediaImage; its `image` is resolved with the request's origin. */
export function adminMediaView(record: ProductMediaRecord): AdminMediaImage {
  const errors = record.mediaErrors.map((e) => ({ code: e.code, message: e.message, details: e.details }));
  return {
    __typename: 'MediaImage',
    id: toGlobalId('MediaImage', record.id),
    alt: record.alt,
    mediaContentType: 'IMAGE',
    status: record.status,
    mediaErrors: errors,
    fileStatus: record.status,
    fileErrors: errors,
    mimeType: record.mimeType,
    originalSource: record.originalSource ? { url: record.originalSource } : record.src ? { url: record.src } : null,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    record,
  };
}

/** The image of a READY media on `origin`; null before. */
export function mediaImage(record: ProductMediaRecord, origin: string): AdminImage | null {
  const url = record.status === 'READY' ? imageUrl(record, origin) : null;
  if (!url) return null;
  return { id: toGlobalId('ImageSource', record.id), url, altText: record.alt, width: record.width, height: record.height };
}
