import { Args, GraphQLISODateTime, ID, Info, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { BoundedList, ConnectionArgs, HtmlScalar, TruncateArgs, connectionOf, pageOf } from '@platform/graphql-types';
import { plainText } from '@platform/html';
import { listSize } from '@platform/paging';
import { requireGlobalId } from '@platform/ids';
import { PresentmentService } from '@platform/localization';
import { Ctx, FieldArgs, type GraphqlContextValue, type MaybePromise, type NoArgs, type RequestContext, RequiresScope, whenReady } from '@platform/request';
import { CatalogStorefrontService } from '../../storefront/catalog-storefront.service.js';
import { ProductsArgs, SelectedOptionInput } from './catalog.args.js';
import { collectionView, imageView, optionView, productView, selectedOptions, variantView } from './catalog.presenter.js';
import { productShape, variantShape } from './read-shapes.js';
import { StorefrontCollectionConnection } from './collection.type.js';
import { StorefrontImage, StorefrontImageConnection } from '@platform/graphql-types';
import { ProductPriceRange, StorefrontProduct, StorefrontProductConnection, StorefrontProductOption, StorefrontProductVariant, StorefrontProductVariantConnection } from './product.type.js';
import { MAX_TAGS } from '@platform/errors';
import { MAX_OPTIONS } from '../../product-limits.js';

const LISTINGS = 'unauthenticated_read_product_listings';

@Resolver(() => StorefrontProduct)
export class ProductsStorefrontResolver {
  constructor(
    private readonly catalog: CatalogStorefrontService,
    private readonly presentment: PresentmentService,
  ) {}

  @RequiresScope(LISTINGS)
  @Query(() => StorefrontProductConnection, { description: 'Products of the shop, paginated.' })
  async products(@Ctx() ctx: RequestContext, @Args() args: ProductsArgs, @Info() info: GraphQLResolveInfo) {
    return connectionOf(await this.catalog.products(ctx, pageOf(args), args.sortKey, args.query, productShape(info)), productView);
  }

  @RequiresScope(LISTINGS)
  @Query(() => StorefrontProduct, { nullable: true, description: 'A product by `id` or `handle`.' })
  async product(
    @Ctx() ctx: RequestContext,
    @Args('id', { type: () => ID, nullable: true }) id?: string,
    @Args('handle', { type: () => String, nullable: true }) handle?: string,
  ) {
    const record = id ? await this.catalog.product(ctx, requireGlobalId(id, 'Product')) : handle ? await this.catalog.productByHandle(ctx, handle) : null;
    return record && productView(record);
  }

  @RequiresScope(LISTINGS)
  @Query(() => StorefrontProduct, { nullable: true, deprecationReason: 'Use `product(handle:)` instead.' })
  async productByHandle(@Ctx() ctx: RequestContext, @Args('handle') handle: string) {
    const record = await this.catalog.productByHandle(ctx, handle);
    return record && productView(record);
  }

  @ResolveField(() => String)
  title(product: StorefrontProduct, _args: NoArgs, { ctx }: GraphqlContextValue) {
    return this.presentment.translated(ctx, 'PRODUCT', product.record.id, 'title', product.title);
  }

  @ResolveField(() => HtmlScalar, { description: 'The description, with HTML formatting.' })
  descriptionHtml(product: StorefrontProduct, _args: NoArgs, { ctx }: GraphqlContextValue): MaybePromise<string> {
    return whenReady(this.catalog.productDetail(ctx, product.record), ({ descriptionHtml }) =>
      this.presentment.translated(ctx, 'PRODUCT', product.record.id, 'body_html', descriptionHtml),
    );
  }

  @ResolveField(() => String, { description: 'The description as plain text.' })
  async description(@Ctx() ctx: RequestContext, @Parent() product: StorefrontProduct, @Args() args: TruncateArgs) {
    const { descriptionHtml } = await this.catalog.productDetail(ctx, product.record);
    return plainText(await this.presentment.translated(ctx, 'PRODUCT', product.record.id, 'body_html', descriptionHtml), args.truncateAt);
  }

  // The "Product Tags" area of the access table is the `productTags` listing; a product's own tags are
  // public, but a token must hold the tags scope to read them (as the hosted platform asks of tokens).
  @RequiresScope('unauthenticated_read_product_tags', { tokenless: 'allowed' })
  @BoundedList({ max: MAX_TAGS, withParent: true })
  @ResolveField(() => [String], { description: "The product's tags (tokens need `unauthenticated_read_product_tags`)." })
  tags(@Ctx() ctx: RequestContext, @Parent() product: StorefrontProduct) {
    return whenReady(this.catalog.productDetail(ctx, product.record), (detail) => detail.tags);
  }

  @ResolveField(() => GraphQLISODateTime)
  createdAt(product: StorefrontProduct, _args: NoArgs, { ctx }: GraphqlContextValue): MaybePromise<Date> {
    return whenReady(this.catalog.productDetail(ctx, product.record), (detail) => detail.createdAt);
  }

  @ResolveField(() => GraphQLISODateTime)
  updatedAt(product: StorefrontProduct, _args: NoArgs, { ctx }: GraphqlContextValue): MaybePromise<Date> {
    return whenReady(this.catalog.productDetail(ctx, product.record), (detail) => detail.updatedAt);
  }

  @ResolveField(() => GraphQLISODateTime)
  publishedAt(product: StorefrontProduct, _args: NoArgs, { ctx }: GraphqlContextValue): MaybePromise<Date> {
    return whenReady(this.catalog.productDetail(ctx, product.record), (detail) => detail.publishedAt ?? detail.createdAt);
  }

  @RequiresScope('unauthenticated_read_product_inventory')
  @ResolveField(() => Int, { nullable: true, description: 'Units in stock (needs `unauthenticated_read_product_inventory`).' })
  totalInventory(@Ctx() ctx: RequestContext, @Parent() product: StorefrontProduct) {
    return product.record.totalInventory;
  }

  @ResolveField(() => ProductPriceRange, { description: 'Lowest and highest variant prices, in the buyer\'s currency.' })
  priceRange(product: StorefrontProduct, _args: NoArgs, { ctx }: GraphqlContextValue): MaybePromise<ProductPriceRange> {
    return whenReady(this.presentment.presentment(ctx), (p) => p.priceRange(product.record));
  }

  @ResolveField(() => ProductPriceRange, { description: 'Lowest and highest compare-at prices (0 when none).' })
  compareAtPriceRange(product: StorefrontProduct, _args: NoArgs, { ctx }: GraphqlContextValue): MaybePromise<ProductPriceRange> {
    return whenReady(this.presentment.presentment(ctx), (p) =>
      whenReady(p.compareAtPriceRange(product.record), (range) => range ?? { minVariantPrice: p.money('0.00'), maxVariantPrice: p.money('0.00') }),
    );
  }

  @BoundedList({ max: MAX_OPTIONS, sizedBy: 'first', withParent: true })
  @ResolveField(() => [StorefrontProductOption])
  async options(@Ctx() ctx: RequestContext, @Parent() product: StorefrontProduct, @Args('first', { type: () => Int, nullable: true }) first?: number) {
    const size = listSize(first);
    const options = await this.catalog.options(ctx, product.record.id);
    return (size === undefined ? options : options.slice(0, size)).map(optionView);
  }

  @ResolveField(() => StorefrontProductVariantConnection)
  async variants(product: StorefrontProduct, @FieldArgs() args: ConnectionArgs, { ctx }: GraphqlContextValue, info: GraphQLResolveInfo) {
    return connectionOf(await this.catalog.variants(ctx, product.record.id, pageOf(args), variantShape(info)), variantView);
  }

  @ResolveField(() => StorefrontProductVariant, { nullable: true, description: 'The variant with exactly these option values.' })
  async variantBySelectedOptions(
    @Ctx() ctx: RequestContext,
    @Parent() product: StorefrontProduct,
    @Args('selectedOptions', { type: () => [SelectedOptionInput] }) wanted: SelectedOptionInput[],
  ) {
    const [options, variants] = await Promise.all([
      this.catalog.options(ctx, product.record.id),
      this.catalog.variants(ctx, product.record.id, { forward: true, size: 250, reverse: false }, 'full'),
    ]);
    const match = variants.items.find(({ record }) => {
      const chosen = selectedOptions(record, options);
      return wanted.length === chosen.length && wanted.every((w) => chosen.some((c) => c.name === w.name && c.value === w.value));
    });
    return match ? variantView(match.record) : null;
  }

  @ResolveField(() => StorefrontImageConnection)
  async images(@Ctx() ctx: RequestContext, @Parent() product: StorefrontProduct, @Args() args: ConnectionArgs) {
    return connectionOf(await this.catalog.images(ctx, product.record.id, pageOf(args)), (image) => imageView(image, ctx.origin));
  }

  @ResolveField(() => StorefrontImage, { nullable: true })
  async featuredImage(product: StorefrontProduct, _args: NoArgs, { ctx }: GraphqlContextValue) {
    const image = await this.catalog.featuredImage(ctx, product.record.id);
    return image && imageView(image, ctx.origin);
  }

  @ResolveField(() => StorefrontCollectionConnection)
  async collections(@Ctx() ctx: RequestContext, @Parent() product: StorefrontProduct, @Args() args: ConnectionArgs) {
    return connectionOf(await this.catalog.collectionsOfProduct(ctx, product.record.id, pageOf(args)), collectionView);
  }
}
