import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { ConnectionType } from '../connections/connection.types.js';
import { AdminSchema, StorefrontSchema } from '../schema-modules.js';

// The Image of each schema (each registers its own types, as Node is): shared by every context that shows pictures
// (products, collections, articles, media). `url(transform:)` is a field resolver: a transform is the media part's.
function imageType(schema: () => Function) {
  @ObjectType('Image', { registerIn: schema, description: 'An image.' })
  class Image {
    @Field(() => ID, { nullable: true })
    id!: string | null;

    url!: string;

    @Field(() => String, { nullable: true, description: 'Text that describes the image, for accessibility.' })
    altText!: string | null;

    @Field(() => Int, { nullable: true })
    width!: number | null;

    @Field(() => Int, { nullable: true })
    height!: number | null;
  }
  return Image;
}

export const StorefrontImage = imageType(() => StorefrontSchema);
export type StorefrontImage = InstanceType<typeof StorefrontImage>;
export const AdminImage = imageType(() => AdminSchema);
export type AdminImage = InstanceType<typeof AdminImage>;

@ObjectType('ImageConnection', { registerIn: () => StorefrontSchema })
export class StorefrontImageConnection extends ConnectionType(StorefrontImage, 'Image', () => StorefrontSchema) {}
