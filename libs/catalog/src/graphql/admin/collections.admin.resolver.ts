import { Args, ID, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { AdminCount, ConnectionArgs, connectionOf, pageOf } from '@platform/graphql-types';
import { requireGlobalId } from '@platform/ids';
import { Ctx, FieldArgs, type GraphqlContextValue, type NoArgs, type RequestContext, RequiresScope } from '@platform/request';
import { CollectionDirectoryService } from '../../admin/collection-directory.service.js';
import { CollectionIdentifierInput, CollectionsArgs, CollectionsCountArgs } from './collection.args.js';
import { adminCollectionView } from './collection.presenter.js';
import { catalogIdentifier } from './identifier.js';
import { AdminCollection, AdminCollectionConnection } from './collection.type.js';
import { adminProductView } from './product.presenter.js';
import { AdminProductConnection } from './product.type.js';

const READ = 'read_products';

@Resolver(() => AdminCollection)
export class CollectionsAdminResolver {
  constructor(private readonly directory: CollectionDirectoryService) {}

  @RequiresScope(READ)
  @Query(() => AdminCollectionConnection, { description: "The shop's collections, searched and sorted." })
  async collections(@Ctx() ctx: RequestContext, @Args() args: CollectionsArgs) {
    const page = pageOf(args);
    return connectionOf(await this.directory.search(ctx, args.query ?? null, { key: args.sortKey, reverse: page.reverse }, page), adminCollectionView);
  }

  @RequiresScope(READ)
  @Query(() => AdminCollection, { nullable: true, description: 'The collection with this global id; null when the shop has none.' })
  async collection(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string) {
    const record = await this.directory.collection(ctx, requireGlobalId(id, 'Collection'));
    return record && adminCollectionView(record);
  }

  @RequiresScope(READ)
  @Query(() => AdminCollection, { nullable: true, description: 'The collection with this id or handle; null when the shop has none.' })
  async collectionByIdentifier(@Ctx() ctx: RequestContext, @Args('identifier') identifier: CollectionIdentifierInput) {
    const record = await this.directory.byIdentifier(ctx, catalogIdentifier(identifier, 'Collection'));
    return record && adminCollectionView(record);
  }

  @RequiresScope(READ)
  @Query(() => AdminCount, { nullable: true, description: 'How many collections match the search (every collection without one).' })
  async collectionsCount(@Ctx() ctx: RequestContext, @Args() args: CollectionsCountArgs) {
    return { count: await this.directory.count(ctx, args.query ?? null), precision: 'EXACT' };
  }

  @ResolveField(() => AdminProductConnection, { description: "Its products in any status, in the collection's order." })
  async products(collection: AdminCollection, @FieldArgs() args: ConnectionArgs, { ctx }: GraphqlContextValue) {
    return connectionOf(await this.directory.products(ctx, collection.record.id, pageOf(args)), adminProductView);
  }

  @ResolveField(() => AdminCount, { description: 'How many products it holds.' })
  async productsCount(collection: AdminCollection, _args: NoArgs, { ctx }: GraphqlContextValue): Promise<AdminCount> {
    return { count: await this.directory.productsCount(ctx, collection.record.id), precision: 'EXACT' };
  }
}
