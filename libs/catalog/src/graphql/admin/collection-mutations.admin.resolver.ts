import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { idOfType, toGlobalId } from '@platform/ids';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { type CollectionWriteResult, CollectionWritesService, collectionNotFound } from '../../admin/collection-writes.service.js';
import type { CollectionInput as CollectionChangeInput } from '../../admin/collection-input.rules.js';
import { CollectionDeleteInput, CollectionInput, MoveInput } from './collection-mutations.args.js';
import {
  CollectionAddProductsPayload,
  CollectionCreatePayload,
  CollectionDeletePayload,
  CollectionRemoveProductsPayload,
  CollectionReorderProductsPayload,
  CollectionUpdatePayload,
} from './collection-mutations.type.js';
import { adminCollectionView } from './collection.presenter.js';
import { userErrors } from './user-error.presenter.js';

const WRITE = 'write_products';

// The manual collection mutations: thin, CollectionWritesService checks and writes. An id that names no collection
// (or product) of this shop is answered as one that does not exist.
@Resolver()
export class CollectionMutationsAdminResolver {
  constructor(private readonly writes: CollectionWritesService) {}

  @RequiresScope(WRITE)
  @Mutation(() => CollectionCreatePayload, { nullable: true, description: 'Creates a manual collection, its products in the order given.' })
  async collectionCreate(@Ctx() ctx: RequestContext, @Args('input') input: CollectionInput) {
    return payload(await this.writes.create(ctx, collectionInputOf(input)));
  }

  @RequiresScope(WRITE)
  @Mutation(() => CollectionUpdatePayload, { nullable: true, description: 'Changes the title, handle, description and metafields given of the collection `input.id`.' })
  async collectionUpdate(@Ctx() ctx: RequestContext, @Args('input') input: CollectionInput) {
    const id = idOfType(input.id, 'Collection');
    if (id === null) return payload({ collection: null, problems: [collectionNotFound()] });
    return payload(await this.writes.update(ctx, id, collectionInputOf(input)));
  }

  @RequiresScope(WRITE)
  @Mutation(() => CollectionDeletePayload, { nullable: true, description: 'Deletes a collection; its products stay.' })
  async collectionDelete(@Ctx() ctx: RequestContext, @Args('input') input: CollectionDeleteInput) {
    const id = idOfType(input.id, 'Collection');
    const result = id === null ? { deletedId: null, problems: [collectionNotFound()] } : await this.writes.delete(ctx, id);
    return { deletedCollectionId: result.deletedId === null ? null : toGlobalId('Collection', result.deletedId), userErrors: userErrors(result.problems, 'input') };
  }

  @RequiresScope(WRITE)
  @Mutation(() => CollectionAddProductsPayload, { nullable: true, description: "Adds products after the collection's own (at most 250 at once)." })
  async collectionAddProducts(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string, @Args('productIds', { type: () => [ID] }) productIds: string[]) {
    const result = await this.writes.addProducts(ctx, idOfType(id, 'Collection') ?? 0, productIdsOf(productIds));
    return { collection: result.collection && adminCollectionView(result.collection), userErrors: userErrors(result.problems, undefined) };
  }

  @RequiresScope(WRITE)
  @Mutation(() => CollectionRemoveProductsPayload, { nullable: true, description: 'Takes products out of a collection.' })
  async collectionRemoveProducts(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string, @Args('productIds', { type: () => [ID] }) productIds: string[]) {
    return jobPayload(await this.writes.removeProducts(ctx, idOfType(id, 'Collection') ?? 0, productIdsOf(productIds)));
  }

  @RequiresScope(WRITE)
  @Mutation(() => CollectionReorderProductsPayload, { nullable: true, description: 'Moves products of a collection to new places, in the order given.' })
  async collectionReorderProducts(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string, @Args('moves', { type: () => [MoveInput] }) moves: MoveInput[]) {
    const mapped = moves.map((m) => ({ id: idOfType(m.id, 'Product') ?? 0, newPosition: Math.min(Number(m.newPosition), Number.MAX_SAFE_INTEGER) }));
    return jobPayload(await this.writes.reorderProducts(ctx, idOfType(id, 'Collection') ?? 0, mapped));
  }
}

function collectionInputOf(input: CollectionInput): CollectionChangeInput {
  return {
    title: input.title,
    handle: input.handle,
    descriptionHtml: input.descriptionHtml,
    products: input.products == null ? input.products : productIdsOf(input.products),
    ruleSet: input.ruleSet,
    metafields: input.metafields,
  };
}

function productIdsOf(gids: readonly string[]): number[] {
  return gids.map((gid) => idOfType(gid, 'Product') ?? 0);
}

function payload(result: CollectionWriteResult) {
  return { collection: result.collection && adminCollectionView(result.collection), userErrors: userErrors(result.problems, 'input') };
}

function jobPayload(result: CollectionWriteResult) {
  return { job: result.collection && { id: toGlobalId('Job', result.collection.id), done: true }, userErrors: userErrors(result.problems, undefined) };
}
