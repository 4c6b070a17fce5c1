import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import type { Assert, SameShape } from '@platform/rest';
import type { restProductImage } from './product-image.serializer.js';

// What the REST product image routes answer, for the OpenAPI document; the type at the end holds it equal to the serializer.

const id: ApiPropertyOptions = { type: 'integer', format: 'int64', example: 850703190 };
const time: ApiPropertyOptions = { type: 'string', format: 'date-time' };

export class RestProductImage {
  @ApiProperty(id) id!: number;
  @ApiProperty({ type: 'string', nullable: true, example: 'A red shirt, front' }) alt!: string | null;
  @ApiProperty({ type: 'integer', example: 1, description: '1 is the main image.' }) position!: number;
  @ApiProperty({ ...id, example: 632910392 }) product_id!: number;
  @ApiProperty(time) created_at!: Date;
  @ApiProperty(time) updated_at!: Date;
  @ApiProperty({ type: 'string', example: 'gid://platform/ProductImage/850703190' }) admin_graphql_api_id!: string;
  @ApiProperty({ type: 'integer', nullable: true, example: 123 }) width!: number | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 456 }) height!: number | null;
  @ApiProperty({ type: 'string', nullable: true, description: 'Absolute URL, versioned (`?v=`); null while a download runs.' }) src!: string | null;
  @ApiProperty({ type: 'integer', format: 'int64', isArray: true }) variant_ids!: number[];
}

export class ProductImageResponse {
  @ApiProperty({ type: RestProductImage }) image!: RestProductImage;
}

export class ProductImagesResponse {
  @ApiProperty({ type: [RestProductImage] }) images!: RestProductImage[];
}

export type ProductImageShapeHolds = Assert<SameShape<RestProductImage, ReturnType<typeof restProductImage>>>;
