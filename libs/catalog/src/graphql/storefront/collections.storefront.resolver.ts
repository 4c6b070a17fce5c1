import { Args, ID, Info, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { HtmlScalar, TruncateArgs, connectionOf, pageOf } from '@platform/graphql-types';
import { plainText } from '@platform/html';
import { requireGlobalId } from '@platform/ids';
import { PresentmentService } from '@platform/localization';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { CatalogStorefrontService } from '../../storefront/catalog-storefront.service.js';
import { CollectionProductsArgs, CollectionsArgs } from './catalog.args.js';
import { collectionView, productView } from './catalog.presenter.js';
import { StorefrontCollection, StorefrontCollectionConnection } from './collection.type.js';
import { StorefrontImage } from '@platform/graphql-types';
import { StorefrontProductConnection } from './product.type.js';
import { productShape } from './read-shapes.js';

const LISTINGS = 'unauthenticated_read_collection_listings';

@Resolver(() => StorefrontCollection)
export class CollectionsStorefrontResolver {
  constructor(
    private readonly catalog: CatalogStorefrontService,
    private readonly presentment: PresentmentService,
  ) {}

  @RequiresScope(LISTINGS)
  @Query(() => StorefrontCollectionConnection, { description: 'Collections of the shop, paginated.' })
  async collections(@Ctx() ctx: RequestContext, @Args() args: CollectionsArgs) {
    return connectionOf(await this.catalog.collections(ctx, pageOf(args), args.sortKey, args.query), collectionView);
  }

  @RequiresScope(LISTINGS)
  @Query(() => StorefrontCollection, { nullable: true, description: 'A collection by `id` or `handle`.' })
  async collection(
    @Ctx() ctx: RequestContext,
    @Args('id', { type: () => ID, nullable: true }) id?: string,
    @Args('handle', { type: () => String, nullable: true }) handle?: string,
  ) {
    const record = id ? await this.catalog.collection(ctx, requireGlobalId(id, 'Collection')) : handle ? await this.catalog.collectionByHandle(ctx, handle) : null;
    return record && collectionView(record);
  }

  @RequiresScope(LISTINGS)
  @Query(() => StorefrontCollection, { nullable: true, deprecationReason: 'Use `collection(handle:)` instead.' })
  async collectionByHandle(@Ctx() ctx: RequestContext, @Args('handle') handle: string) {
    const record = await this.catalog.collectionByHandle(ctx, handle);
    return record && collectionView(record);
  }

  @ResolveField(() => String)
  title(@Ctx() ctx: RequestContext, @Parent() collection: StorefrontCollection) {
    return this.presentment.translated(ctx, 'COLLECTION', collection.record.id, 'title', collection.title);
  }

  @ResolveField(() => HtmlScalar)
  descriptionHtml(@Ctx() ctx: RequestContext, @Parent() collection: StorefrontCollection) {
    return this.presentment.translated(ctx, 'COLLECTION', collection.record.id, 'body_html', collection.descriptionHtml);
  }

  @ResolveField(() => String)
  async description(@Ctx() ctx: RequestContext, @Parent() collection: StorefrontCollection, @Args() args: TruncateArgs) {
    return plainText(await this.descriptionHtml(ctx, collection), args.truncateAt);
  }

  @ResolveField(() => StorefrontImage, { nullable: true })
  image(): StorefrontImage | null {
    return null;
  }

  @ResolveField(() => StorefrontProductConnection)
  async products(
    @Ctx() ctx: RequestContext,
    @Parent() collection: StorefrontCollection,
    @Args() args: CollectionProductsArgs,
    @Info() info: GraphQLResolveInfo,
  ) {
    const page = await this.catalog.productsOfCollection(ctx, collection.record.id, pageOf(args), args.sortKey, productShape(info));
    return connectionOf(page, productView);
  }
}
