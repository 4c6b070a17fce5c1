import { Field, ID, ObjectType } from '@nestjs/graphql';
import { AdminJob, AdminSchema, BoundedList, MAX_USER_ERRORS, codedUserErrorType } from '@platform/graphql-types';
import type { ProductMediaErrorCode } from '../../catalog.errors.js';
import { MAX_IMAGES_PER_PRODUCT } from '../../admin/product-image.rules.js';
import { AdminMedia } from './media.type.js';
import { AdminProduct } from './product.type.js';
import { AdminProductVariant } from './variant.type.js';
import { MAX_VARIANTS } from '../../product-limits.js';

// The media mutations' payloads, by the hosted names: problems are MediaUserErrors (`mediaUserErrors`).

export const MEDIA_USER_ERROR_CODES = [
  'INVALID', 'BLANK', 'TOO_LONG', 'PRODUCT_MEDIA_LIMIT_EXCEEDED', 'SHOP_MEDIA_LIMIT_EXCEEDED', 'PRODUCT_DOES_NOT_EXIST', 'MEDIA_DOES_NOT_EXIST',
  'MEDIA_DOES_NOT_EXIST_ON_PRODUCT', 'INVALID_MEDIA_TYPE', 'NON_READY_MEDIA', 'PRODUCT_VARIANT_ALREADY_HAS_MEDIA', 'PRODUCT_VARIANT_DOES_NOT_EXIST',
  'MEDIA_CANNOT_BE_MODIFIED',
] as const;
export const MediaUserError = codedUserErrorType('MediaUserError', MEDIA_USER_ERROR_CODES);
export type MediaUserErrorView = InstanceType<typeof MediaUserError>;
/** Every code the catalog answers for media is one of the schema's. */
export type MediaCodesHold = ProductMediaErrorCode extends (typeof MEDIA_USER_ERROR_CODES)[number] ? true : never;

@ObjectType('ProductCreateMediaPayload', { registerIn: () => AdminSchema })
export class ProductCreateMediaPayload {
  @BoundedList({ max: MAX_IMAGES_PER_PRODUCT, withParent: true })
  @Field(() => [AdminMedia], { nullable: true, description: 'The media made: UPLOADED, each downloaded in the background.' })
  media!: AdminMedia[] | null;

  @Field(() => AdminProduct, { nullable: true })
  product!: AdminProduct | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [MediaUserError])
  mediaUserErrors!: MediaUserErrorView[];
}

@ObjectType('ProductDeleteMediaPayload', { registerIn: () => AdminSchema })
export class ProductDeleteMediaPayload {
  @BoundedList({ max: MAX_IMAGES_PER_PRODUCT, withParent: true })
  @Field(() => [ID], { nullable: true })
  deletedMediaIds!: string[] | null;

  @BoundedList({ max: MAX_IMAGES_PER_PRODUCT, withParent: true })
  @Field(() => [ID], { nullable: true, description: 'The same images by their ProductImage ids.' })
  deletedProductImageIds!: string[] | null;

  @Field(() => AdminProduct, { nullable: true })
  product!: AdminProduct | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [MediaUserError])
  mediaUserErrors!: MediaUserErrorView[];
}

@ObjectType('ProductReorderMediaPayload', { registerIn: () => AdminSchema })
export class ProductReorderMediaPayload {
  @Field(() => AdminJob, { nullable: true, description: 'The reordering, already done.' })
  job!: AdminJob | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [MediaUserError])
  mediaUserErrors!: MediaUserErrorView[];
}

/** What productVariantAppendMedia and productVariantDetachMedia answer. */
@ObjectType({ isAbstract: true })
abstract class VariantMediaPayload {
  @Field(() => AdminProduct, { nullable: true })
  product!: AdminProduct | null;

  @BoundedList({ max: MAX_VARIANTS, withParent: true })
  @Field(() => [AdminProductVariant], { nullable: true })
  productVariants!: AdminProductVariant[] | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [MediaUserError])
  userErrors!: MediaUserErrorView[];
}

@ObjectType('ProductVariantAppendMediaPayload', { registerIn: () => AdminSchema })
export class ProductVariantAppendMediaPayload extends VariantMediaPayload {}

@ObjectType('ProductVariantDetachMediaPayload', { registerIn: () => AdminSchema })
export class ProductVariantDetachMediaPayload extends VariantMediaPayload {}
