import { Module } from '@nestjs/common';
import { StorageModule } from '@platform/storage';
import { MediaService } from './media.service.js';

/** The shops' image files: checked, kept and (later) downloaded and transformed; owners keep the keys. */
@Module({ imports: [StorageModule], providers: [MediaService], exports: [MediaService] })
export class MediaModule {}
