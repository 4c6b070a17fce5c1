import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { ConnectionType } from '../connections/connection.types.js';
import { UrlScalar } from '../scalars.js';
import { StorefrontSchema } from '../schema-modules.js';

// Shared by every storefront context that shows pictures (products, collections, articles).
@ObjectType('Image', { registerIn: () => StorefrontSchema, description: 'An image.' })
export class StorefrontImage {
  @Field(() => ID, { nullable: true })
  id!: string | null;

  @Field(() => UrlScalar, { description: 'Location of the image.' })
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
