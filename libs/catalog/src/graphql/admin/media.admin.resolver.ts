import { ResolveField, Resolver } from '@nestjs/graphql';
import { AdminImage } from '@platform/graphql-types';
import type { GraphqlContextValue, NoArgs } from '@platform/request';
import { mediaImage } from './media.presenter.js';
import { AdminMediaImage } from './media.type.js';

@Resolver(() => AdminMediaImage)
export class MediaImagesAdminResolver {
  @ResolveField(() => AdminImage, { nullable: true, description: 'The image on the request host, null until READY.' })
  image(media: AdminMediaImage, _args: NoArgs, { ctx }: GraphqlContextValue): AdminImage | null {
    return mediaImage(media.record, ctx.origin);
  }
}
