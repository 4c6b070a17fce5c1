import { Inject, Optional } from '@nestjs/common';
import { Args, ID, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { DomainError } from '@platform/errors';
import { AdminCount, BoundedList, ConnectionArgs, UrlScalar, connectionOf, pageOf } from '@platform/graphql-types';
import { requireGlobalId, toGlobalId } from '@platform/ids';
import { moneyV2 } from '@platform/money';
import { Ctx, FieldArgs, type GraphqlContextValue, type NoArgs, type RequestContext, RequiresScope } from '@platform/request';
import { ProductDirectoryService } from '../../admin/product-directory.service.js';
import { CatalogStorefrontService } from '../../storefront/catalog-storefront.service.js';
import { ProductIdentifierInput, ProductsArgs, ProductsCountArgs } from './product.args.js';
import { catalogIdentifier } from './identifier.js';
import { adminProductView } from './product.presenter.js';
import { AdminProduct, AdminProductConnection, AdminProductOption, AdminProductPriceRange, ProductStatus } from './product.type.js';
import { MAX_OPTIONS } from '../../product-limits.js';
import { statusName } from './product-status.js';
import { adminVariantView } from './variant.presenter.js';
import { AdminProductVariantConnection } from './variant.type.js';
import { adminCollectionView } from './collection.presenter.js';
import { AdminCollectionConnection } from './collection.type.js';
import { adminMediaView } from './media.presenter.js';
import { AdminMedia, AdminMediaConnection } from './media.type.js';

const READ = 'read_products';

@Resolver(() => AdminProduct)
export class ProductsAdminResolver {
  constructor(
    private readonly directory: ProductDirectoryService,
    private readonly catalog: CatalogStorefrontService,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  @RequiresScope(READ)
  @Query(() => AdminProductConnection, { description: "The shop's products in every status, searched and sorted." })
  async products(@Ctx() ctx: RequestContext, @Args() args: ProductsArgs) {
    const page = pageOf(args);
    return connectionOf(await this.directory.search(ctx, args.query ?? null, { key: args.sortKey, reverse: page.reverse }, page), adminProductView);
  }

  @RequiresScope(READ)
  @Query(() => AdminProduct, { nullable: true, description: 'The product with this global id; null when the shop has none.' })
  async product(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string) {
    const record = await this.directory.product(ctx, requireGlobalId(id, 'Product'));
    return record && adminProductView(record);
  }

  @RequiresScope(READ)
  @Query(() => AdminProduct, { nullable: true, description: 'The product with this id or handle; null when the shop has none.' })
  async productByIdentifier(@Ctx() ctx: RequestContext, @Args('identifier') identifier: ProductIdentifierInput) {
    const record = await this.directory.byIdentifier(ctx, catalogIdentifier(identifier, 'Product'));
    return record && adminProductView(record);
  }

  @RequiresScope(READ)
  @Query(() => AdminCount, { nullable: true, description: 'How many products match the search (every product without one), counted up to `limit`.' })
  async productsCount(@Ctx() ctx: RequestContext, @Args() args: ProductsCountArgs) {
    const limit = args.limit ?? null;
    if (limit !== null && limit < 1) throw new DomainError('UNPROCESSABLE', 'limit must be at least 1, or null to count every product.', { field: 'limit' });
    const { count, capped } = await this.directory.count(ctx, args.query ?? null, limit);
    return { count, precision: capped ? 'AT_LEAST' : 'EXACT' };
  }

  // UNLISTED exists from 2025-10; older versions read such a product as ACTIVE, as the hosted platform answers them.
  @ResolveField(() => ProductStatus)
  status(product: AdminProduct, _args: NoArgs, { ctx }: GraphqlContextValue): string {
    return statusName(product.record.status, ctx.version);
  }

  @ResolveField(() => Boolean, { description: 'Whether it is published on the online store now.' })
  publishedOnCurrentPublication(product: AdminProduct): boolean {
    const { publishedAt } = product.record;
    return publishedAt !== null && publishedAt.getTime() <= this.clock.now();
  }

  // A page of products is one field call each: graphql-js' signature (docs/architecture.md, "Writing resolvers for hot paths").
  @ResolveField(() => AdminProductPriceRange, { description: "The lowest and highest prices of its variants, in the shop's currency." })
  priceRangeV2(product: AdminProduct, _args: NoArgs, { ctx }: GraphqlContextValue): AdminProductPriceRange {
    const { record } = product;
    return { minVariantPrice: moneyV2(record.minPrice, ctx.shop.currency), maxVariantPrice: moneyV2(record.maxPrice, ctx.shop.currency) };
  }

  // Every product of a page asks in one statement (a DataLoader per page size and cursor).
  @ResolveField(() => AdminProductVariantConnection, { description: 'Its variants, in position order.' })
  async variants(product: AdminProduct, @FieldArgs() args: ConnectionArgs, { ctx }: GraphqlContextValue) {
    return connectionOf(await this.catalog.variants(ctx, product.record.id, pageOf(args), 'full'), adminVariantView);
  }

  @ResolveField(() => AdminCount, { description: 'How many variants it has.' })
  async variantsCount(product: AdminProduct, _args: NoArgs, { ctx }: GraphqlContextValue): Promise<AdminCount> {
    return { count: (await this.directory.variantCount(ctx, product.record.id)).count, precision: 'EXACT' };
  }

  @ResolveField(() => Boolean, { description: 'Whether its only variant is the default one (no options of its own).' })
  async hasOnlyDefaultVariant(product: AdminProduct, _args: NoArgs, { ctx }: GraphqlContextValue): Promise<boolean> {
    return (await this.directory.variantCount(ctx, product.record.id)).defaultOnly;
  }

  @ResolveField(() => Boolean, { description: 'Whether the stock of any of its variants is counted.' })
  async tracksInventory(product: AdminProduct, _args: NoArgs, { ctx }: GraphqlContextValue): Promise<boolean> {
    return (await this.directory.variantCount(ctx, product.record.id)).tracked;
  }

  @ResolveField(() => UrlScalar, { nullable: true, description: 'Its page on the online store: null, as the platform serves no online-store pages (the storefront answers the same).' })
  onlineStoreUrl(): null {
    return null;
  }

  @BoundedList({ max: MAX_OPTIONS, withParent: true })
  @ResolveField(() => [AdminProductOption], { description: 'Its options, in position order (the default `Title` one for a product without options of its own).' })
  async options(product: AdminProduct, _args: NoArgs, { ctx }: GraphqlContextValue): Promise<AdminProductOption[]> {
    const [options, used] = await Promise.all([this.catalog.options(ctx, product.record.id), this.directory.usedOptionValues(ctx, product.record.id)]);
    return options.map((option) => ({
      __typename: 'ProductOption',
      id: toGlobalId('ProductOption', option.id),
      name: option.name,
      position: option.position,
      values: option.values,
      optionValues: option.values.map((name, i) => ({ id: toGlobalId('ProductOptionValue', option.valueIds[i]!), name, hasVariants: used[option.position - 1]?.has(name) ?? false })),
    }));
  }

  @ResolveField(() => AdminMediaConnection, { description: 'Its media (images), in display order, in every status.' })
  async media(product: AdminProduct, @FieldArgs() args: ConnectionArgs, { ctx }: GraphqlContextValue) {
    return connectionOf(await this.directory.media(ctx, product.record.id, pageOf(args)), adminMediaView);
  }

  @ResolveField(() => AdminMedia, { nullable: true, description: 'Its first media; null without any.' })
  async featuredMedia(product: AdminProduct, _args: NoArgs, { ctx }: GraphqlContextValue) {
    const media = await this.directory.featuredMedia(ctx, product.record.id);
    return media && adminMediaView(media);
  }

  @ResolveField(() => AdminCollectionConnection, { description: 'The collections it is in, in id order.' })
  async collections(product: AdminProduct, @FieldArgs() args: ConnectionArgs, { ctx }: GraphqlContextValue) {
    return connectionOf(await this.catalog.collectionsOfProduct(ctx, product.record.id, pageOf(args)), adminCollectionView);
  }
}
