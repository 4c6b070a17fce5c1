import { ArgsType, Field, ResolveField, Resolver } from '@nestjs/graphql';
import { DomainError } from '@platform/errors';
import { type ImageTransformValue, StorefrontImage, StorefrontImageTransformInput, UrlScalar } from '@platform/graphql-types';
import { transformedImageUrl } from '@platform/media';
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

/** The URL asked, or a field error naming why its transform is refused. */
export function imageUrlOf(url: string, transform: ImageTransformValue | null | undefined): string {
  if (!transform) return url;
  const answer = transformedImageUrl(url, transform);
  if ('problem' in answer) throw new DomainError('BAD_REQUEST', `Invalid transform: ${answer.problem}`, { field: 'transform' });
  return answer.url;
}
