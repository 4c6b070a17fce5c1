import { Module, type OnModuleInit } from '@nestjs/common';
import { OutboundHttpModule } from '@platform/http';
import { FileVariants, StorageModule } from '@platform/storage';
import { ImageVariants } from './image-variants.js';
import { MediaService } from './media.service.js';

/**
 * The shops' image files: checked, downloaded through the outbound client, kept in file storage (owners keep the
 * keys), and served transformed from their URLs' query (ImageVariants, registered with storage's FileVariants).
 */
@Module({ imports: [StorageModule, OutboundHttpModule], providers: [MediaService, ImageVariants], exports: [MediaService] })
export class MediaModule implements OnModuleInit {
  constructor(
    private readonly variants: FileVariants,
    private readonly images: ImageVariants,
  ) {}

  onModuleInit(): void {
    this.variants.register(this.images);
  }
}
