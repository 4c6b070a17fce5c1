import { type MediaError, MediaErrors } from './media.errors.js';
import { IMAGE_MIME_TYPES } from './image-inspection.js';

/** The hosted platform's `StagedUploadTargetGenerateUploadResource`: what a staged file is for. */
export const STAGED_UPLOAD_RESOURCES = [
  'BULK_MUTATION_VARIABLES',
  'COLLECTION_IMAGE',
  'DISPUTE_FILE_UPLOAD',
  'FILE',
  'IMAGE',
  'MODEL_3D',
  'PRODUCT_IMAGE',
  'RETURN_LABEL',
  'SHOP_IMAGE',
  'URL_REDIRECT_IMPORT',
  'VIDEO',
] as const;
export type StagedUploadResource = (typeof STAGED_UPLOAD_RESOURCES)[number];

/** The resources the platform takes files for today: images (PRODUCT_IMAGE and the others are IMAGE's old names). */
const IMAGE_RESOURCES: ReadonlySet<string> = new Set(['IMAGE', 'PRODUCT_IMAGE', 'COLLECTION_IMAGE', 'SHOP_IMAGE']);
/** At most this many targets a call, as many as files a call may create. */
export const MAX_STAGED_UPLOADS = 250;
const MAX_FILENAME = 255;

export interface StagedUploadRequest {
  resource: string;
  filename: string;
  mimeType: string;
  /** Bytes, as the UnsignedInt64 string it came as; absent: up to MEDIA_MAX_BYTES. */
  fileSize?: string | null;
  httpMethod?: 'PUT' | 'POST' | null;
}

/** A request the platform can take: its canonical type, the most bytes it will take, and how it is sent. */
export interface StagedUploadPlan {
  contentType: string;
  maxBytes: number;
  method: 'PUT' | 'POST';
}

/**
 * Each request's plan, or the problems of all of them (keyed `input.<index>.<field>`): a resource the platform takes
 * files for, a file name, an image type it keeps (`image/png`, `image/jpeg`, `image/gif`), and a size from 1 byte up
 * to `maxBytes` (MEDIA_MAX_BYTES). One problem refuses the call: no target is made.
 */
export function planStagedUploads(requests: readonly StagedUploadRequest[], maxBytes: number): { plans: StagedUploadPlan[]; problems: [] } | { plans: null; problems: MediaError[] } {
  if (requests.length > MAX_STAGED_UPLOADS) return { plans: null, problems: [MediaErrors.INVALID(`At most ${MAX_STAGED_UPLOADS} uploads a call`, { field: 'input' })] };
  const problems: MediaError[] = [];
  const plans = requests.map((request, index): StagedUploadPlan => {
    const field = (name: string) => ({ field: `input.${index}.${name}` });
    if (!IMAGE_RESOURCES.has(request.resource)) problems.push(MediaErrors.INVALID(`Resource ${request.resource} is not taken: stage IMAGE files`, field('resource')));
    if (request.filename.trim() === '') problems.push(MediaErrors.INVALID("Filename can't be blank", field('filename')));
    else if (request.filename.length > MAX_FILENAME) problems.push(MediaErrors.INVALID(`Filename is too long (maximum is ${MAX_FILENAME} characters)`, field('filename')));
    const contentType = IMAGE_MIME_TYPES.find((type) => type === request.mimeType.split(';')[0]!.trim().toLowerCase());
    if (!contentType) problems.push(MediaErrors.INVALID(`Mime type must be ${IMAGE_MIME_TYPES.join(', ')}`, field('mimeType')));
    const size = request.fileSize == null ? maxBytes : Number(request.fileSize);
    if (size > maxBytes) problems.push(MediaErrors.INVALID_IMAGE_FILE_SIZE(`File size must be at most ${maxBytes} bytes`, field('fileSize')));
    // A target of 0 bytes could take nothing (an upload URL signs 1 byte or more), and an image is never empty.
    else if (!(size >= 1)) problems.push(MediaErrors.INVALID_IMAGE_FILE_SIZE('File size must be at least 1 byte', field('fileSize')));
    return { contentType: contentType ?? '', maxBytes: Math.min(size, maxBytes), method: request.httpMethod ?? 'PUT' };
  });
  return problems.length > 0 ? { plans: null, problems } : { plans, problems: [] };
}
