import { Inject, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { PLATFORM_CONFIG, type PlatformConfig, type StorageConfig } from '@platform/config';
import { LOGGER, type Logger } from '@platform/logging';
import { FILE_STORAGE, type FileStorage } from './file-storage.js';
import { FileUrls } from './file-urls.js';
import { FileVariants } from './file-variants.js';
import { FilesRoute } from './files.route.js';
import { FilesService } from './files.service.js';
import { LocalDiskFileStorage } from './local-disk.file-storage.js';
import { S3FileStorage } from './s3.file-storage.js';
import { UploadsRoute } from './uploads.route.js';
import { UploadsService } from './uploads.service.js';

/** The adapter STORAGE_URL names: a bucket of an S3-compatible service, else a directory (`DATA_DIR/files`). */
export function createFileStorage(config: StorageConfig): LocalDiskFileStorage | S3FileStorage {
  return config.kind === 's3' ? new S3FileStorage(config) : new LocalDiskFileStorage(config.directory);
}

/**
 * File storage for the process (FILE_STORAGE, from STORAGE_URL), the URLs files are served at and uploaded to
 * (FileUrls), what serves them (FilesService, through FilesRoute) and what receives staged uploads (UploadsService,
 * through UploadsRoute); the api app installs both routes.
 */
@Module({
  providers: [
    { provide: FILE_STORAGE, inject: [PLATFORM_CONFIG], useFactory: (config: PlatformConfig) => createFileStorage(config.storage) },
    FileUrls,
    FileVariants,
    FilesService,
    FilesRoute,
    UploadsService,
    UploadsRoute,
  ],
  exports: [FILE_STORAGE, FileUrls, FileVariants, FilesService, FilesRoute, UploadsRoute],
})
export class StorageModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.storage instanceof LocalDiskFileStorage) {
      const removed = await this.storage.removeStaleTemporaryFiles();
      if (removed > 0) this.logger.info({ removed }, 'removed temporary files of unfinished puts');
    }
    this.logger.info({ files: this.storage.location }, 'file storage');
  }

  onApplicationShutdown(): void {
    if (this.storage instanceof S3FileStorage) this.storage.close();
  }
}
