import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { idOfType, toGlobalId } from '@platform/ids';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import type { ProductInput } from '../../admin/product-admin.inputs.js';
import { type ProductWriteResult, ProductWritesService, productNotFound } from '../../admin/product-writes.service.js';
import { ProductCreateInput, ProductDeleteInput, ProductUpdateInput, PublicationInput } from './product-mutations.args.js';
import { ProductCreatePayload, ProductDeletePayload, ProductUpdatePayload, PublishablePublishPayload, PublishableUnpublishPayload } from './product-mutations.type.js';
import { adminProductView } from './product.presenter.js';
import { ProductImagesService } from '../../admin/product-images.service.js';
import { CatalogErrors } from '../../catalog.errors.js';
import { CreateMediaInput } from './media-mutations.args.js';
import { statusOf } from './product-status.js';
import { ONLINE_STORE_PUBLICATION } from './publication.js';
import { userErrors } from './user-error.presenter.js';

const WRITE = 'write_products';
const MEDIA_ARG = { type: () => [CreateMediaInput], nullable: true, description: 'Images to add, from URLs the platform downloads (at most 250 a product).' } as const;

// An id that names no product of this shop (malformed, another type, another shop's) is answered like an unknown
// one: a userError, nothing written.
@Resolver()
export class ProductMutationsAdminResolver {
  constructor(
    private readonly writes: ProductWritesService,
    private readonly images: ProductImagesService,
  ) {}

  @RequiresScope(WRITE)
  @Mutation(() => ProductCreatePayload, { nullable: true, description: 'Creates a product with its options and one variant, and its `media` (downloaded in the background); publishablePublish puts it on the online store.' })
  async productCreate(@Ctx() ctx: RequestContext, @Args('product', { type: () => ProductCreateInput }) product: ProductCreateInput, @Args('media', MEDIA_ARG) media?: CreateMediaInput[] | null) {
    return this.withMedia(ctx, 0, media, () => this.writes.create(ctx, productInputOf(product, ctx.version)));
  }

  @RequiresScope(WRITE)
  @Mutation(() => ProductUpdatePayload, { nullable: true, description: 'Changes the fields given of the product `product.id`, and adds its `media` (downloaded in the background).' })
  async productUpdate(@Ctx() ctx: RequestContext, @Args('product', { type: () => ProductUpdateInput }) product: ProductUpdateInput, @Args('media', MEDIA_ARG) media?: CreateMediaInput[] | null) {
    const id = idOfType(product.id, 'Product');
    if (id === null) return payload({ product: null, problems: [productNotFound()] }, 'product');
    return this.withMedia(ctx, id, media, () => this.writes.update(ctx, id, productInputOf(product, ctx.version)));
  }

  // The media are checked before the product is written (a problem with either writes nothing), then added to it.
  private async withMedia(ctx: RequestContext, productId: number, media: CreateMediaInput[] | null | undefined, write: () => Promise<ProductWriteResult>) {
    const given = media ?? [];
    const mediaProblems = given.length > 0 ? await this.images.mediaProblems(ctx, productId, given) : [];
    if (mediaProblems.length > 0) return { product: null, userErrors: userErrors(mediaProblems.map((p) => CatalogErrors.INVALID(p.message, { field: p.field })), undefined) };
    const result = await write();
    if (!result.product || given.length === 0) return payload(result, 'product');
    const added = await this.images.createMedia(ctx, result.product.id, given, { checked: true });
    return { product: adminProductView(result.product), userErrors: userErrors(added.problems.map((p) => CatalogErrors.INVALID(p.message, { field: p.field })), undefined) };
  }

  @RequiresScope(WRITE)
  @Mutation(() => ProductDeletePayload, { nullable: true, description: 'Deletes a product with its variants, options, images and metafields.' })
  async productDelete(@Ctx() ctx: RequestContext, @Args('input') input: ProductDeleteInput) {
    const id = idOfType(input.id, 'Product');
    const result = id === null ? { deletedId: null, problems: [productNotFound()] } : await this.writes.delete(ctx, id);
    return { deletedProductId: result.deletedId === null ? null : toGlobalId('Product', result.deletedId), userErrors: userErrors(result.problems, 'input') };
  }

  @RequiresScope(WRITE)
  @Mutation(() => PublishablePublishPayload, { nullable: true, description: 'Publishes a product on the online store (the only publication), from `publishDate` or now.' })
  async publishablePublish(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string, @Args('input', { type: () => [PublicationInput] }) input: PublicationInput[]) {
    return this.publish(ctx, id, input, true);
  }

  @RequiresScope(WRITE)
  @Mutation(() => PublishableUnpublishPayload, { nullable: true, description: 'Takes a product off the online store.' })
  async publishableUnpublish(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string, @Args('input', { type: () => [PublicationInput] }) input: PublicationInput[]) {
    return this.publish(ctx, id, input, false);
  }

  private async publish(ctx: RequestContext, gid: string, input: PublicationInput[], published: boolean) {
    const id = idOfType(gid, 'Product');
    const unknown = input.findIndex((p) => p.publicationId != null && p.publicationId !== ONLINE_STORE_PUBLICATION);
    if (id === null) return { publishable: null, userErrors: userErrors([productNotFound()], undefined) };
    if (input.length === 0 || unknown >= 0) {
      const field = unknown >= 0 ? ['input', String(unknown), 'publicationId'] : ['input'];
      return { publishable: null, userErrors: [{ field, message: 'Publication does not exist', code: 'NOT_FOUND' as const }] };
    }
    const at = input.find((p) => p.publishDate)?.publishDate ?? null;
    if (at !== null && Number.isNaN(at.getTime())) return { publishable: null, userErrors: [{ field: ['input', '0', 'publishDate'], message: 'Publish date is invalid', code: 'INVALID' as const }] };
    const result = await this.writes.setPublished(ctx, id, at, published);
    return { publishable: result.product && adminProductView(result.product), userErrors: userErrors(result.problems, undefined) };
  }
}

// The schema's input in the catalog's terms: ids to numbers (0 names nothing), the status by version.
function productInputOf(input: ProductCreateInput | ProductUpdateInput, version: string): ProductInput {
  const ids = (gids: string[] | null | undefined) => gids?.map((gid) => idOfType(gid, 'Collection') ?? 0);
  return {
    title: input.title,
    handle: input.handle,
    descriptionHtml: input.descriptionHtml,
    vendor: input.vendor,
    productType: input.productType,
    status: input.status == null ? input.status : (statusOf(input.status, version) as ProductInput['status']),
    tags: input.tags,
    seo: input.seo,
    productOptions: 'productOptions' in input ? input.productOptions : undefined,
    metafields: input.metafields,
    collectionsToJoin: ids(input.collectionsToJoin),
    collectionsToLeave: 'collectionsToLeave' in input ? ids(input.collectionsToLeave) : undefined,
  };
}

function payload(result: ProductWriteResult, under: string) {
  return { product: result.product && adminProductView(result.product), userErrors: userErrors(result.problems, under) };
}
