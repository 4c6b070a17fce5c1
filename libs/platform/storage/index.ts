export { FILE_STORAGE, type FileDownload, type FileInfo, type FileStorage, type GetOptions, type PutOptions, type StoredFile } from './file-storage.js';
export {
  FILE_ACCESS,
  FILE_TYPES,
  STAGED_KEY_FOLDER,
  checkedFileKey,
  fileKeyProblem,
  fileTypeOf,
  parseFileKey,
  type FileAccess,
  type FileKeyParts,
  type FileTarget,
} from './file-key.rules.js';
export { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, type ByteRange } from './file-response.rules.js';
export { FILES_PATH, MAX_SIGNED_URL_SECONDS, fileKeyOfPath, fileUrl } from './file-url.rules.js';
export { FileUrls, type UploadTarget } from './file-urls.js';
export { FileVariants, type FileVariantMaker } from './file-variants.js';
export { FilesRoute } from './files.route.js';
export { FilesService, type FileHttpRequest, type FileHttpResponse } from './files.service.js';
export { LocalDiskFileStorage } from './local-disk.file-storage.js';
export { S3FileStorage } from './s3.file-storage.js';
export { StorageErrors, type StorageErrorCode } from './storage.errors.js';
export { StorageModule, createFileStorage } from './storage.module.js';
export { UPLOADS_PATH, UPLOAD_TARGET_SECONDS, isStagedFile } from './upload-url.rules.js';
export { UploadsRoute } from './uploads.route.js';
