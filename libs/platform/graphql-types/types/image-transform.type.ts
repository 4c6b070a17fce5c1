import { Field, InputType, Int, registerEnumType } from '@nestjs/graphql';
import { enumOf } from './enum-of.js';
import { AdminSchema, StorefrontSchema } from '../schema-modules.js';

// `Image.url(transform:)`'s input, as the hosted schemas name it, registered in each schema (as Image is).

export const CROP_REGIONS = ['CENTER', 'TOP', 'BOTTOM', 'LEFT', 'RIGHT'] as const;
export const IMAGE_CONTENT_TYPES = ['PNG', 'JPG', 'WEBP'] as const;

/** What ImageTransformInput carries, in either schema. */
export interface ImageTransformValue {
  maxWidth?: number | null;
  maxHeight?: number | null;
  crop?: (typeof CROP_REGIONS)[number] | null;
  scale?: number | null;
  preferredContentType?: (typeof IMAGE_CONTENT_TYPES)[number] | null;
}

function imageTransformInput(schema: () => Function) {
  const CropRegion = enumOf(CROP_REGIONS);
  registerEnumType(CropRegion, { registerIn: schema, name: 'CropRegion', description: 'The part of an image kept when it is cropped.' });
  const ImageContentType = enumOf(IMAGE_CONTENT_TYPES);
  registerEnumType(ImageContentType, { registerIn: schema, name: 'ImageContentType', description: 'An image format a transform can answer.' });

  @InputType('ImageTransformInput', { registerIn: schema, description: 'A size, crop, density and format for an image (best effort: never upscaled).' })
  class ImageTransformInput implements ImageTransformValue {
    @Field(() => Int, { nullable: true, description: 'The widest the image may be, 1 to 5760 pixels.' })
    maxWidth?: number | null;

    @Field(() => Int, { nullable: true, description: 'The tallest the image may be, 1 to 5760 pixels.' })
    maxHeight?: number | null;

    @Field(() => CropRegion, { nullable: true, description: 'Crops to exactly maxWidth × maxHeight, keeping this region (needs a size).' })
    crop?: (typeof CROP_REGIONS)[number] | null;

    @Field(() => Int, { nullable: true, defaultValue: 1, description: 'Pixel density, 1 to 3: the sizes are multiplied by it.' })
    scale?: number | null;

    @Field(() => ImageContentType, { nullable: true, description: 'The format to answer in.' })
    preferredContentType?: (typeof IMAGE_CONTENT_TYPES)[number] | null;
  }
  return ImageTransformInput;
}

export const StorefrontImageTransformInput = imageTransformInput(() => StorefrontSchema);
export const AdminImageTransformInput = imageTransformInput(() => AdminSchema);
