import { Module } from '@nestjs/common';
import { OutboundHttpModule } from '@platform/http';
import { StorageModule } from '@platform/storage';
import { MediaService } from './media.service.js';

/** The shops' image files: checked, downloaded through the outbound client, kept in file storage; owners keep the keys. */
@Module({ imports: [StorageModule, OutboundHttpModule], providers: [MediaService], exports: [MediaService] })
export class MediaModule {}
