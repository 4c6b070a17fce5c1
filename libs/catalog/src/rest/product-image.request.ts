import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsInt, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { MAX_INPUT_ARRAY_SIZE } from '@platform/errors';
import { RestMetafieldFields, restMetafieldInputOf } from '@platform/rest';
import type { ProductImageInput } from '../admin/product-image.inputs.js';

// The REST `image` body: types checked here (422 keyed by the field), values in the image rules. `id` in an
// update's body is the path's and ignored.

export class ProductImageFields {
  @ApiPropertyOptional({ description: 'Ignored: the image is the one of the path.' })
  @IsOptional()
  id?: unknown;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: '1 is the main image; the others move to make room, without gaps.' })
  @IsOptional()
  @IsInt()
  position?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 512 })
  @IsOptional()
  @IsString()
  alt?: string | null;

  @ApiPropertyOptional({ type: String, description: 'Create: the image file, base64 (PNG, GIF or JPEG, at most MEDIA_MAX_BYTES and 5,760 × 5,760 pixels).' })
  @IsOptional()
  @IsString()
  attachment?: string | null;

  @ApiPropertyOptional({ type: String, description: "Create with an attachment: the file's name (no spaces, no leading symbol, no period before the extension).", example: 'shirt-front.png' })
  @IsOptional()
  @IsString()
  filename?: string | null;

  @ApiPropertyOptional({ type: String, description: 'Create: a URL the platform downloads the image from.' })
  @IsOptional()
  @IsString()
  src?: string | null;

  @ApiPropertyOptional({ type: 'integer', format: 'int64', isArray: true, description: "Variants of the product that show this image (a variant has one image)." })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_INPUT_ARRAY_SIZE)
  @IsInt({ each: true })
  variant_ids?: number[] | null;

  @ApiPropertyOptional({ type: () => [RestMetafieldFields], nullable: true, description: 'Create: metafields of the image (namespace at most 20 characters, key at most 30).' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_INPUT_ARRAY_SIZE)
  @ValidateNested({ each: true })
  @Type(() => RestMetafieldFields)
  metafields?: RestMetafieldFields[] | null;
}

export class ProductImageRequest {
  @ApiProperty({ type: ProductImageFields })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => ProductImageFields)
  image!: ProductImageFields;
}

/** The body's fields in the service's names; only what the caller sent. */
export function productImageInputOf(fields: ProductImageFields): ProductImageInput {
  const input: ProductImageInput = {
    attachment: fields.attachment,
    filename: fields.filename,
    src: fields.src,
    position: fields.position,
    alt: fields.alt,
    variantIds: fields.variant_ids,
    metafields: fields.metafields && fields.metafields.map(restMetafieldInputOf),
  };
  for (const key of Object.keys(input) as (keyof ProductImageInput)[]) if (input[key] === undefined) delete input[key];
  return input;
}
