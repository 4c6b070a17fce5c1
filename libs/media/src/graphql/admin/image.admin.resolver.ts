import { ArgsType, Field, ResolveField, Resolver } from '@nestjs/graphql';
import { AdminImage, AdminImageTransformInput, type ImageTransformValue, UrlScalar } from '@platform/graphql-types';
import { FieldArgs } from '@platform/request';
import { imageUrlOf } from '../image-url-of.js';

@ArgsType()
export class AdminImageUrlArgs {
  @Field(() => AdminImageTransformInput, { nullable: true, description: 'A size, crop, density and format: the URL answers that variant.' })
  transform?: ImageTransformValue | null;
}

/** `Image.url(transform:)` on the admin API, as on the storefront. */
@Resolver(() => AdminImage)
export class AdminImageResolver {
  @ResolveField(() => UrlScalar, { description: 'Location of the image; with `transform`, of that variant of it.' })
  url(image: AdminImage, @FieldArgs() args: AdminImageUrlArgs): string {
    return imageUrlOf(image.url, args.transform);
  }
}
