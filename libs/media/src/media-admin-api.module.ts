import { Module } from '@nestjs/common';
import { AdminImageResolver } from './graphql/admin/image.admin.resolver.js';
import { StagedUploadsAdminResolver } from './graphql/admin/staged-uploads.admin.resolver.js';
import { MediaModule } from './media.module.js';

/**
 * Media on the admin schema: `Image.url(transform:)` (every context's images), and `stagedUploadsCreate`, the targets
 * files are sent to before a media input names them.
 */
@Module({ imports: [MediaModule], providers: [AdminImageResolver, StagedUploadsAdminResolver] })
export class MediaAdminApiModule {}
