import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { DomainError, userErrorsOf } from '@platform/errors';
import { idOfType, toGlobalId } from '@platform/ids';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { ProductDirectoryService } from '../../admin/product-directory.service.js';
import { ProductImagesService } from '../../admin/product-images.service.js';
import { MoveInput } from './collection-mutations.args.js';
import { CreateMediaInput } from './media-mutations.args.js';
import { MEDIA_USER_ERROR_CODES, ProductCreateMediaPayload, ProductDeleteMediaPayload, ProductReorderMediaPayload } from './media-mutations.type.js';
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
  @Mutation(() => ProductReorderMediaPayload, { nullable: true, description: "Moves a product's media to new places, in the order given (0-based positions)." })
  async productReorderMedia(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string, @Args('moves', { type: () => [MoveInput] }) moves: MoveInput[]) {
    const productId = idOfType(id, 'Product') ?? 0;
    const mapped = moves.map((m) => ({ id: idOfType(m.id, 'MediaImage') ?? 0, newPosition: Math.min(Number(m.newPosition), Number.MAX_SAFE_INTEGER) }));
    const { problems } = await this.images.reorderMedia(ctx, productId, mapped);
    return { job: problems.length > 0 ? null : { id: toGlobalId('Job', productId), done: true }, mediaUserErrors: mediaUserErrors(problems) };
  }
}

// A product the shop lacks is named by the mutation's own argument.
function mediaUserErrors(problems: readonly DomainError[]) {
  const named = problems.map((p) => (p.code === 'PRODUCT_DOES_NOT_EXIST' && p.field === 'product_id' ? new DomainError(p.kind, p.message, { field: 'productId', code: p.code }) : p));
  return userErrorsOf(named, CODES);
}
