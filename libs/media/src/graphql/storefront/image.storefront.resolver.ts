import { ArgsType, Field, ResolveField, Resolver } from '@nestjs/graphql';
import { type ImageTransformValue, StorefrontImage, StorefrontImageTransformInput, UrlScalar } from '@platform/graphql-types';
import { imageUrlOf } from '../image-url-of.js';
import { FieldArgs } from '@platform/request';

@ArgsType()
export class StorefrontImageUrlArgs {
  @Field(() => StorefrontImageTransformInput, { nullable: true, description: 'A size, crop, density and format: the URL answers that variant.' })
  transform?: ImageTransformValue | null;
}

/** `Image.url(transform:)` on the storefront: the image's URL, with the transform's query when one is asked. */
@Resolver(() => StorefrontImage)
export class StorefrontImageResolver {
  @ResolveField(() => UrlScalar, { description: 'Location of the image; with `transform`, of that variant of it.' })
  url(image: StorefrontImage, @FieldArgs() args: StorefrontImageUrlArgs): string {
    return imageUrlOf(image.url, args.transform);
  }
}
