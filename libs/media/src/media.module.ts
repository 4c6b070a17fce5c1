import { Module, type OnModuleInit } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { OutboundHttpModule } from '@platform/http';
import { FileVariants, StorageModule } from '@platform/storage';
import { ImageVariants } from './image-variants.js';
import { DeleteStaleStagedUploadsJob } from './jobs/delete-stale-staged-uploads.job.js';
import { MediaService } from './media.service.js';
import { StagedUpload } from './staged-upload.entity.js';
import { StagedUploadsService } from './staged-uploads.service.js';

/**
 * The shops' image files: checked, downloaded through the outbound client, kept in file storage (owners keep the
 * keys), and served transformed from their URLs' query (ImageVariants, registered with storage's FileVariants);
 * staged uploads' targets, and the daily sweep of their files.
 */
@Module({
  imports: [DatabaseModule.forFeature([StagedUpload]), StorageModule, OutboundHttpModule],
  providers: [MediaService, ImageVariants, StagedUploadsService, DeleteStaleStagedUploadsJob],
  exports: [MediaService, StagedUploadsService],
})
export class MediaModule implements OnModuleInit {
  constructor(
    private readonly variants: FileVariants,
    private readonly images: ImageVariants,
  ) {}

  onModuleInit(): void {
    this.variants.register(this.images);
  }
}
