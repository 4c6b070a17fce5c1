import { Module } from '@nestjs/common';
import { Args, ID, Query, Resolver } from '@nestjs/graphql';
import { DomainError, MAX_INPUT_ARRAY_SIZE } from '@platform/errors';
import { Ctx, type RequestContext } from '@platform/request';
import { NodeRegistry } from './node-registry.js';
import { AdminNode, type NodeValue, StorefrontNode } from './node.interface.js';

function nodes(registry: NodeRegistry, ctx: RequestContext, ids: string[]): Promise<(NodeValue | null)[]> {
  if (ids.length > MAX_INPUT_ARRAY_SIZE) {
    throw new DomainError('MAX_INPUT_SIZE_EXCEEDED', `The input array size of ${ids.length} is greater than the maximum allowed of ${MAX_INPUT_ARRAY_SIZE}.`);
  }
  return Promise.all(ids.map((id) => registry.fetch(ctx, id)));
}

@Resolver()
export class StorefrontNodeResolver {
  constructor(private readonly registry: NodeRegistry) {}

  @Query(() => StorefrontNode, { nullable: true, description: 'The object with this global ID.' })
  node(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string) {
    return this.registry.fetch(ctx, id);
  }

  @Query(() => [StorefrontNode], { nullable: 'items', description: 'The objects with these global IDs (at most 250).' })
  nodes(@Ctx() ctx: RequestContext, @Args('ids', { type: () => [ID] }) ids: string[]) {
    return nodes(this.registry, ctx, ids);
  }
}

@Resolver()
export class AdminNodeResolver {
  constructor(private readonly registry: NodeRegistry) {}

  @Query(() => AdminNode, { nullable: true, description: 'The object with this global ID.' })
  node(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string) {
    return this.registry.fetch(ctx, id);
  }

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
