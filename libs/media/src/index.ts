// The media part's door: its modules and service, the facts of a kept image, its URL and a transform's, its error codes.
export { MediaModule } from './media.module.js';
export { MediaAdminApiModule } from './media-admin-api.module.js';
export { MediaStorefrontApiModule } from './media-storefront-api.module.js';
export { MediaService, type StoredImage } from './media.service.js';
export { StagedUploadsService } from './staged-uploads.service.js';
export { MAX_IMAGE_SIDE, type ImageFacts, type ImageFormat } from './image-inspection.js';
export { loadSharp } from './image-work.js';
export { MediaErrors, type MediaError, type MediaErrorCode } from './media.errors.js';
export { keptImageUrl, transformedImageUrl } from './image-url.js';
