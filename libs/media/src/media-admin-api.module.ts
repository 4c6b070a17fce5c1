import { Module } from '@nestjs/common';
import { StorageModule } from '@platform/storage';
import { StagedUploadsAdminResolver } from './graphql/admin/staged-uploads.admin.resolver.js';
import { StagedUploadsService } from './staged-uploads.service.js';

/** Media on the admin schema: `stagedUploadsCreate`, the targets files are sent to before a media input names them. */
@Module({ imports: [StorageModule], providers: [StagedUploadsService, StagedUploadsAdminResolver] })
export class MediaAdminApiModule {}
