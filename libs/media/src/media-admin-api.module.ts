import { Module } from '@nestjs/common';
import { StagedUploadsAdminResolver } from './graphql/admin/staged-uploads.admin.resolver.js';
import { MediaModule } from './media.module.js';

/** Media on the admin schema: `stagedUploadsCreate`, the targets files are sent to before a media input names them. */
@Module({ imports: [MediaModule], providers: [StagedUploadsAdminResolver] })
export class MediaAdminApiModule {}
