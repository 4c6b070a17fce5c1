import { Module } from '@nestjs/common';
import { Args, ID, Query, Resolver } from '@nestjs/graphql';
import { MAX_INPUT_ARRAY_SIZE, inputTooLarge } from '@platform/errors';
import { Ctx, OpenAccess, type RequestContext } from '@platform/request';
import { NodeRegistry } from './node-registry.js';
import { AdminNode, type NodeValue, StorefrontNode } from './node.interface.js';
import { BoundedList } from '../list-bound.js';

// One promise per id, not one for the list: an id the caller may not read (or that fails) nulls its own
// item with an error at its index, and the other items still answer.
function nodes(registry: NodeRegistry, ctx: RequestContext, ids: string[]): Promise<NodeValue | null>[] {
  if (ids.length > MAX_INPUT_ARRAY_SIZE) throw inputTooLarge('ids', ids.length);
  return ids.map((id) => registry.fetch(ctx, id));
}

@Resolver()
export class StorefrontNodeResolver {
  constructor(private readonly registry: NodeRegistry) {}

  // Open here: each node type asks for its own root field's access (NodeRegistry).
  @OpenAccess()
  @Query(() => StorefrontNode, { nullable: true, description: 'The object with this global ID.' })
  node(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string) {
    return this.registry.fetch(ctx, id);
  }

  @OpenAccess()
  @BoundedList({ max: MAX_INPUT_ARRAY_SIZE, sizedBy: 'ids' })
  @Query(() => [StorefrontNode], { nullable: 'items', description: 'The objects with these global IDs (at most 250).' })
  nodes(@Ctx() ctx: RequestContext, @Args('ids', { type: () => [ID] }) ids: string[]) {
    return nodes(this.registry, ctx, ids);
  }
}

@Resolver()
export class AdminNodeResolver {
  constructor(private readonly registry: NodeRegistry) {}

  @OpenAccess()
  @Query(() => AdminNode, { nullable: true, description: 'The object with this global ID.' })
  node(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string) {
    return this.registry.fetch(ctx, id);
  }

  @OpenAccess()
  @BoundedList({ max: MAX_INPUT_ARRAY_SIZE, sizedBy: 'ids' })
  @Query(() => [AdminNode], { nullable: 'items', description: 'The objects with these global IDs (at most 250).' })
  nodes(@Ctx() ctx: RequestContext, @Args('ids', { type: () => [ID] }) ids: string[]) {
    return nodes(this.registry, ctx, ids);
  }
}

/** The one registry of the process: a static module, so every importer shares its instance. */
@Module({ providers: [NodeRegistry], exports: [NodeRegistry] })
export class NodeRegistryModule {}

/** `node`/`nodes` on the storefront schema. */
@Module({ imports: [NodeRegistryModule], providers: [StorefrontNodeResolver] })
export class StorefrontNodeApiModule {}

/** `node`/`nodes` on the admin schema. */
@Module({ imports: [NodeRegistryModule], providers: [AdminNodeResolver] })
export class AdminNodeApiModule {}
