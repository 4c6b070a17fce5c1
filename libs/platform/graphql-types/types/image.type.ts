import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { ConnectionType } from '../connections/connection.types.js';
import { AdminSchema, StorefrontSchema } from '../schema-modules.js';

// Shared by every storefront context that shows pictures (products, collections, articles).
@ObjectType('Image', { registerIn: () => StorefrontSchema, description: 'An image.' })
export class StorefrontImage {
  @Field(() => ID, { nullable: true })
  id!: string | null;

  // `url(transform:)` is a field resolver (the catalog's: a transform is the media part's).
  url!: string;

  @Field(() => String, { nullable: true, description: 'Text that describes the image, for accessibility.' })
  altText!: string | null;

  @Field(() => Int, { nullable: true })
  width!: number | null;

  @Field(() => Int, { nullable: true })
  height!: number | null;
}

@ObjectType('ImageConnection', { registerIn: () => StorefrontSchema })
export class StorefrontImageConnection extends ConnectionType(StorefrontImage, 'Image', () => StorefrontSchema) {}

// The admin schema's Image: the same fields, declared again as each schema registers its own types (as Node is).
@ObjectType('Image', { registerIn: () => AdminSchema, description: 'An image.' })
export class AdminImage implements StorefrontImage {
  @Field(() => ID, { nullable: true })
  id!: string | null;

  // `url(transform:)` is a field resolver (the catalog's: a transform is the media part's).
  url!: string;

  @Field(() => String, { nullable: true, description: 'Text that describes the image, for accessibility.' })
  altText!: string | null;

  @Field(() => Int, { nullable: true })
  width!: number | null;

  @Field(() => Int, { nullable: true })
  height!: number | null;
}
