import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { userErrorsOf } from '@platform/errors';
import { idOfType } from '@platform/ids';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { ProductDirectoryService } from '../../admin/product-directory.service.js';
import { type StandaloneStrategy, type VariantsWriteResult, VariantWritesService } from '../../admin/variant-writes.service.js';
import type { VariantErrorCode } from '../../catalog.errors.js';
import { adminProductView } from './product.presenter.js';
import { adminVariantView } from './variant.presenter.js';
import { variantInputOf } from './variant-input.js';
import { ProductVariantsBulkCreateStrategy, ProductVariantsBulkInput } from './variant-mutations.args.js';
import {
  type BulkCreateCode,
  type BulkDeleteCode,
  type BulkUpdateCode,
  ProductVariantsBulkCreatePayload,
  ProductVariantsBulkDeletePayload,
  ProductVariantsBulkUpdatePayload,
} from './variant-mutations.type.js';

const WRITE = 'write_products';

// productVariantsBulkCreate / Update / Delete: thin, the service checks and writes. A product or variant id that
// names nothing of this shop (another shop's, another type, malformed) is answered as one that does not exist.
@Resolver()
export class VariantMutationsAdminResolver {
  constructor(
    private readonly writes: VariantWritesService,
    private readonly directory: ProductDirectoryService,
  ) {}

  @RequiresScope(WRITE)
  @Mutation(() => ProductVariantsBulkCreatePayload, { nullable: true, description: 'Creates variants of a product (at most 250 at once, 2048 in all).' })
  async productVariantsBulkCreate(
    @Ctx() ctx: RequestContext,
    @Args('productId', { type: () => ID }) productId: string,
    @Args('variants', { type: () => [ProductVariantsBulkInput] }) variants: ProductVariantsBulkInput[],
    @Args('strategy', { type: () => ProductVariantsBulkCreateStrategy, defaultValue: 'DEFAULT' }) strategy: StandaloneStrategy,
  ) {
    const result = await this.writes.bulkCreate(ctx, idOfType(productId, 'Product') ?? 0, variants.map(variantInputOf), strategy);
    return this.payload(ctx, result, CREATE_CODES);
  }

  @RequiresScope(WRITE)
  @Mutation(() => ProductVariantsBulkUpdatePayload, { nullable: true, description: 'Changes variants of a product; with allowPartialUpdates the valid ones are saved even when others are refused.' })
  async productVariantsBulkUpdate(
    @Ctx() ctx: RequestContext,
    @Args('productId', { type: () => ID }) productId: string,
    @Args('variants', { type: () => [ProductVariantsBulkInput] }) variants: ProductVariantsBulkInput[],
    @Args('allowPartialUpdates', { type: () => Boolean, defaultValue: false }) allowPartialUpdates: boolean,
  ) {
    const result = await this.writes.bulkUpdate(ctx, idOfType(productId, 'Product') ?? 0, variants.map(variantInputOf), allowPartialUpdates);
    return this.payload(ctx, result, UPDATE_CODES);
  }

  @RequiresScope(WRITE)
  @Mutation(() => ProductVariantsBulkDeletePayload, { nullable: true, description: 'Deletes variants of a product; its last variant stays.' })
  async productVariantsBulkDelete(
    @Ctx() ctx: RequestContext,
    @Args('productId', { type: () => ID }) productId: string,
    @Args('variantsIds', { type: () => [ID] }) variantsIds: string[],
  ) {
    const ids = variantsIds.map((gid) => idOfType(gid, 'ProductVariant') ?? 0);
    const result = await this.writes.bulkDelete(ctx, idOfType(productId, 'Product') ?? 0, ids);
    return { product: result.product && adminProductView(result.product), userErrors: userErrorsOf(result.problems, DELETE_CODES) };
  }

  private async payload<Code>(ctx: RequestContext, result: VariantsWriteResult, codes: Record<VariantErrorCode, Code>) {
    const variants = await Promise.all(result.variantIds.map((id) => this.directory.variant(ctx, id)));
    return {
      product: result.product && adminProductView(result.product),
      productVariants: result.product ? variants.filter((v) => v !== null).map(adminVariantView) : null,
      userErrors: userErrorsOf(result.problems, codes),
    };
  }
}

// Each payload's enum for every code of the variant writes.
const CREATE_CODES: Record<VariantErrorCode, BulkCreateCode> = {
  PRODUCT_DOES_NOT_EXIST: 'PRODUCT_DOES_NOT_EXIST',
  PRODUCT_VARIANT_DOES_NOT_EXIST: 'INVALID',
  PRODUCT_VARIANT_ID_MISSING: 'INVALID',
  NO_KEY_ON_CREATE: 'NO_KEY_ON_CREATE',
  INVALID: 'INVALID',
  GREATER_THAN_OR_EQUAL_TO: 'GREATER_THAN_OR_EQUAL_TO',
  NEED_TO_ADD_OPTION_VALUES: 'NEED_TO_ADD_OPTION_VALUES',
  OPTION_VALUES_FOR_NUMBER_OF_UNKNOWN_OPTIONS: 'OPTION_VALUES_FOR_NUMBER_OF_UNKNOWN_OPTIONS',
  OPTION_DOES_NOT_EXIST: 'OPTION_DOES_NOT_EXIST',
  VARIANT_ALREADY_EXISTS: 'VARIANT_ALREADY_EXISTS',
  TOO_MANY_VARIANTS: 'TOO_MANY_VARIANTS',
  CANNOT_DELETE_LAST_VARIANT: 'INVALID',
  AT_LEAST_ONE_VARIANT_DOES_NOT_BELONG_TO_THE_PRODUCT: 'INVALID',
};

const UPDATE_CODES: Record<VariantErrorCode, BulkUpdateCode> = {
  PRODUCT_DOES_NOT_EXIST: 'PRODUCT_DOES_NOT_EXIST',
  PRODUCT_VARIANT_DOES_NOT_EXIST: 'PRODUCT_VARIANT_DOES_NOT_EXIST',
  PRODUCT_VARIANT_ID_MISSING: 'PRODUCT_VARIANT_ID_MISSING',
  NO_KEY_ON_CREATE: 'INVALID_INPUT',
  INVALID: 'INVALID_INPUT',
  GREATER_THAN_OR_EQUAL_TO: 'GREATER_THAN_OR_EQUAL_TO',
  NEED_TO_ADD_OPTION_VALUES: 'NEED_TO_ADD_OPTION_VALUES',
  OPTION_VALUES_FOR_NUMBER_OF_UNKNOWN_OPTIONS: 'OPTION_VALUES_FOR_NUMBER_OF_UNKNOWN_OPTIONS',
  OPTION_DOES_NOT_EXIST: 'OPTION_DOES_NOT_EXIST',
  VARIANT_ALREADY_EXISTS: 'VARIANT_ALREADY_EXISTS',
  TOO_MANY_VARIANTS: 'INVALID_INPUT',
  CANNOT_DELETE_LAST_VARIANT: 'INVALID_INPUT',
  AT_LEAST_ONE_VARIANT_DOES_NOT_BELONG_TO_THE_PRODUCT: 'INVALID_INPUT',
};

const DELETE_CODES: Record<VariantErrorCode, BulkDeleteCode> = {
  PRODUCT_DOES_NOT_EXIST: 'PRODUCT_DOES_NOT_EXIST',
  PRODUCT_VARIANT_DOES_NOT_EXIST: 'AT_LEAST_ONE_VARIANT_DOES_NOT_BELONG_TO_THE_PRODUCT',
  PRODUCT_VARIANT_ID_MISSING: 'AT_LEAST_ONE_VARIANT_DOES_NOT_BELONG_TO_THE_PRODUCT',
  NO_KEY_ON_CREATE: 'AT_LEAST_ONE_VARIANT_DOES_NOT_BELONG_TO_THE_PRODUCT',
  INVALID: 'AT_LEAST_ONE_VARIANT_DOES_NOT_BELONG_TO_THE_PRODUCT',
  GREATER_THAN_OR_EQUAL_TO: 'AT_LEAST_ONE_VARIANT_DOES_NOT_BELONG_TO_THE_PRODUCT',
  NEED_TO_ADD_OPTION_VALUES: 'AT_LEAST_ONE_VARIANT_DOES_NOT_BELONG_TO_THE_PRODUCT',
  OPTION_VALUES_FOR_NUMBER_OF_UNKNOWN_OPTIONS: 'AT_LEAST_ONE_VARIANT_DOES_NOT_BELONG_TO_THE_PRODUCT',
  OPTION_DOES_NOT_EXIST: 'AT_LEAST_ONE_VARIANT_DOES_NOT_BELONG_TO_THE_PRODUCT',
  VARIANT_ALREADY_EXISTS: 'AT_LEAST_ONE_VARIANT_DOES_NOT_BELONG_TO_THE_PRODUCT',
  TOO_MANY_VARIANTS: 'AT_LEAST_ONE_VARIANT_DOES_NOT_BELONG_TO_THE_PRODUCT',
  CANNOT_DELETE_LAST_VARIANT: 'CANNOT_DELETE_LAST_VARIANT',
  AT_LEAST_ONE_VARIANT_DOES_NOT_BELONG_TO_THE_PRODUCT: 'AT_LEAST_ONE_VARIANT_DOES_NOT_BELONG_TO_THE_PRODUCT',
};
