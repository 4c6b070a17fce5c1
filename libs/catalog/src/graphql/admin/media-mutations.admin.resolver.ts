import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { DomainError, userErrorsOf } from '@platform/errors';
import { idOfType, toGlobalId } from '@platform/ids';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { ProductDirectoryService } from '../../admin/product-directory.service.js';
import { ProductImagesService } from '../../admin/product-images.service.js';
import { MoveInput } from './collection-mutations.args.js';
import { CreateMediaInput, ProductVariantAppendMediaInput, ProductVariantDetachMediaInput, type VariantMediaFields } from './media-mutations.args.js';
import {
  MEDIA_USER_ERROR_CODES,
  ProductCreateMediaPayload,
  ProductDeleteMediaPayload,
  ProductReorderMediaPayload,
  ProductVariantAppendMediaPayload,
  ProductVariantDetachMediaPayload,
} from './media-mutations.type.js';
import { adminVariantView } from './variant.presenter.js';
import { adminMediaView } from './media.presenter.js';
import { adminProductView } from './product.presenter.js';

const WRITE = 'write_products';
const CODES = Object.fromEntries(MEDIA_USER_ERROR_CODES.map((code) => [code, code])) as Record<string, (typeof MEDIA_USER_ERROR_CODES)[number]>;
const DEPRECATED_CREATE = 'Use `productUpdate(media:)` or `productSet(input: {files:})` instead.';
const DEPRECATED_DELETE = 'Use `fileUpdate` or `fileDelete` instead.';

@Resolver()
export class MediaMutationsAdminResolver {
  constructor(
    private readonly images: ProductImagesService,
    private readonly directory: ProductDirectoryService,
  ) {}

  @RequiresScope(WRITE)
  @Mutation(() => ProductCreateMediaPayload, { nullable: true, deprecationReason: DEPRECATED_CREATE, description: 'Adds images to a product from URLs, downloaded in the background.' })
  async productCreateMedia(@Ctx() ctx: RequestContext, @Args('productId', { type: () => ID }) productId: string, @Args('media', { type: () => [CreateMediaInput] }) media: CreateMediaInput[]) {
    const id = idOfType(productId, 'Product') ?? 0;
    const result = await this.images.createMedia(ctx, id, media);
    if (result.problems.length > 0) return { media: null, product: null, mediaUserErrors: mediaUserErrors(result.problems) };
    const product = await this.directory.product(ctx, id);
    return { media: result.media.map(adminMediaView), product: product && adminProductView(product), mediaUserErrors: [] };
  }

  @RequiresScope(WRITE)
  @Mutation(() => ProductDeleteMediaPayload, { nullable: true, deprecationReason: DEPRECATED_DELETE, description: "Deletes media of a product with their files (all named must be the product's)." })
  async productDeleteMedia(@Ctx() ctx: RequestContext, @Args('productId', { type: () => ID }) productId: string, @Args('mediaIds', { type: () => [ID] }) mediaIds: string[]) {
    const id = idOfType(productId, 'Product') ?? 0;
    const result = await this.images.deleteMedia(ctx, id, mediaIds.map((gid) => idOfType(gid, 'MediaImage') ?? 0));
    if (result.problems.length > 0) return { deletedMediaIds: null, deletedProductImageIds: null, product: null, mediaUserErrors: mediaUserErrors(result.problems) };
    const product = await this.directory.product(ctx, id);
    return {
      deletedMediaIds: result.deletedIds.map((deleted) => toGlobalId('MediaImage', deleted)),
      deletedProductImageIds: result.deletedIds.map((deleted) => toGlobalId('ProductImage', deleted)),
      product: product && adminProductView(product),
      mediaUserErrors: [],
    };
  }

  @RequiresScope(WRITE)
  @Mutation(() => ProductVariantAppendMediaPayload, { nullable: true, description: 'Shows READY media of the product on its variants (a variant shows one).' })
  async productVariantAppendMedia(@Ctx() ctx: RequestContext, @Args('productId', { type: () => ID }) productId: string, @Args('variantMedia', { type: () => [ProductVariantAppendMediaInput] }) variantMedia: ProductVariantAppendMediaInput[]) {
    return this.variantMedia(ctx, productId, variantMedia, true);
  }

  @RequiresScope(WRITE)
  @Mutation(() => ProductVariantDetachMediaPayload, { nullable: true, description: 'Stops showing media on variants of the product.' })
  async productVariantDetachMedia(@Ctx() ctx: RequestContext, @Args('productId', { type: () => ID }) productId: string, @Args('variantMedia', { type: () => [ProductVariantDetachMediaInput] }) variantMedia: ProductVariantDetachMediaInput[]) {
    return this.variantMedia(ctx, productId, variantMedia, false);
  }

  @RequiresScope(WRITE)
  @Mutation(() => ProductReorderMediaPayload, { nullable: true, description: "Moves a product's media to new places, in the order given (0-based positions)." })
  async productReorderMedia(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string, @Args('moves', { type: () => [MoveInput] }) moves: MoveInput[]) {
    const productId = idOfType(id, 'Product') ?? 0;
    const mapped = moves.map((m) => ({ id: idOfType(m.id, 'MediaImage') ?? 0, newPosition: Math.min(Number(m.newPosition), Number.MAX_SAFE_INTEGER) }));
    const { problems } = await this.images.reorderMedia(ctx, productId, mapped);
    return { job: problems.length > 0 ? null : { id: toGlobalId('Job', productId), done: true }, mediaUserErrors: mediaUserErrors(problems) };
  }

  private async variantMedia(ctx: RequestContext, productGid: string, pairs: VariantMediaFields[], attach: boolean) {
    const id = idOfType(productGid, 'Product') ?? 0;
    const mapped = pairs.map((p) => ({ variantId: idOfType(p.variantId, 'ProductVariant') ?? 0, mediaIds: p.mediaIds.map((m) => idOfType(m, 'MediaImage') ?? 0) }));
    const result = await this.images.variantMedia(ctx, id, mapped, attach);
    if (result.problems.length > 0) return { product: null, productVariants: null, userErrors: mediaUserErrors(result.problems) };
    const [product, variants] = await Promise.all([this.directory.product(ctx, id), Promise.all(result.variantIds.map((v) => this.directory.variant(ctx, v)))]);
    return { product: product && adminProductView(product), productVariants: variants.flatMap((v) => (v ? [adminVariantView(v)] : [])), userErrors: [] };
  }
}

// A product the shop lacks is named by the mutation's own argument.
function mediaUserErrors(problems: readonly DomainError[]) {
  const named = problems.map((p) => (p.code === 'PRODUCT_DOES_NOT_EXIST' && p.field === 'product_id' ? new DomainError(p.kind, p.message, { field: 'productId', code: p.code }) : p));
  return userErrorsOf(named, CODES);
}
