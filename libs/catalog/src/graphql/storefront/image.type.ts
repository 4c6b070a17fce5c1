import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { ConnectionType, StorefrontSchema, UrlScalar } from '@platform/graphql';

@ObjectType('Image', { registerIn: () => StorefrontSchema, description: 'An image of a product.' })
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
