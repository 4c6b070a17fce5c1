import { Field, ID, InputType } from '@nestjs/graphql';
import { AdminSchema } from '@platform/graphql-types';
import { FileContentType, MediaContentType } from './media.type.js';

@InputType('CreateMediaInput', { registerIn: () => AdminSchema, description: 'A media to add to a product: an image the platform downloads from `originalSource`.' })
export class CreateMediaInput {
  @Field(() => String, { description: 'The URL of the image (http or https): downloaded in the background.' })
  originalSource!: string;

  @Field(() => MediaContentType, { description: 'IMAGE: the platform keeps images.' })
  mediaContentType!: string;

  @Field(() => String, { nullable: true, description: 'Text that describes it, for accessibility (at most 512 characters).' })
  alt?: string | null;
}

@InputType('FileSetInput', { registerIn: () => AdminSchema, description: "A media of productSet's `files`: one of the product's by `id`, or a new one from `originalSource`." })
export class FileSetInput {
  @Field(() => ID, { nullable: true, description: 'A media of the product to keep, where listed (its alt changed when given).' })
  id?: string | null;

  @Field(() => String, { nullable: true, description: "A new image's URL (http or https, or a staged upload's resourceUrl): downloaded in the background." })
  originalSource?: string | null;

  @Field(() => FileContentType, { nullable: true, description: 'IMAGE (the default): the platform keeps images.' })
  contentType?: string | null;

  @Field(() => String, { nullable: true, description: 'Text that describes it, for accessibility (at most 512 characters).' })
  alt?: string | null;
}

/** A variant and media of its product: what the variant media mutations take. */
@InputType({ isAbstract: true })
export class VariantMediaFields {
  @Field(() => ID)
  variantId!: string;

  @Field(() => [ID])
  mediaIds!: string[];
}

@InputType('ProductVariantAppendMediaInput', { registerIn: () => AdminSchema, description: 'A variant and the one READY media of its product it shows.' })
export class ProductVariantAppendMediaInput extends VariantMediaFields {}

@InputType('ProductVariantDetachMediaInput', { registerIn: () => AdminSchema, description: 'A variant and the media it stops showing.' })
export class ProductVariantDetachMediaInput extends VariantMediaFields {}
