import { Module } from '@nestjs/common';
import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { type DomainError, isErrorOf, userErrorsOf } from '@platform/errors';
import { parseGlobalId } from '@platform/ids';
import { Ctx, type RequestContext, RequiresScopeOf, requireAccess } from '@platform/request';
import { type TagError, type TagErrorCode, TagErrors } from '@platform/tags';
import { NodeRegistry } from '../node/node-registry.js';
import { NodeRegistryModule } from '../node/node.resolvers.js';
import type { UserErrorCodeValue } from '../types/admin-user-error.type.js';
import { type Taggable, TaggableRegistry, type TagsChange } from './taggable-registry.js';
import { TagsAddPayload, TagsRemovePayload } from './tags.type.js';

const USER_ERROR_CODES: Record<TagErrorCode, UserErrorCodeValue> = { INVALID: 'INVALID', TOO_LONG: 'TOO_LONG', NOT_FOUND: 'NOT_FOUND' };

// An id of no taggable type (malformed, or a type that keeps no tags) is the hosted platform's resource-not-found.
const notTaggable = (): TagError => TagErrors.NOT_FOUND('Resource does not exist', { field: 'id' });

/**
 * The admin schema's one `tagsAdd` and `tagsRemove`: the id's type finds its registration (TaggableRegistry), the
 * caller must hold that type's write scope, and the object is shown by its own node view (NodeRegistry).
 */
@Resolver()
export class TagsAdminResolver {
  constructor(
    private readonly taggables: TaggableRegistry,
    private readonly nodes: NodeRegistry,
  ) {}

  @RequiresScopeOf('id')
  @Mutation(() => TagsAddPayload, { nullable: true, description: 'Adds tags to a customer or an order: a list, or one comma-separated string (`"a, b"`).' })
  tagsAdd(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string, @Args('tags', { type: () => [String] }) tags: string[]): Promise<TagsAddPayload> {
    return this.change(ctx, 'tagsAdd', id, (taggable, objectId) => taggable.addTags(ctx, objectId, tags));
  }

  @RequiresScopeOf('id')
  @Mutation(() => TagsRemovePayload, { nullable: true, description: 'Removes tags (case-insensitively) from a customer or an order.' })
  tagsRemove(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string, @Args('tags', { type: () => [String] }) tags: string[]): Promise<TagsRemovePayload> {
    return this.change(ctx, 'tagsRemove', id, (taggable, objectId) => taggable.removeTags(ctx, objectId, tags));
  }

  // The scope is checked before anything is read, so a refusal says nothing of the object.
  private async change(ctx: RequestContext, field: string, gid: string, run: (taggable: Taggable, id: number) => Promise<TagsChange<object>>): Promise<TagsAddPayload> {
    const parsed = parseGlobalId(gid);
    const taggable = parsed && this.taggables.find(parsed.type);
    if (!parsed || !taggable) return { node: null, userErrors: userErrorsOf([notTaggable()], USER_ERROR_CODES) };
    requireAccess(ctx, { scope: taggable.scope }, field);
    const { record, problems } = await run(taggable, parsed.id);
    return { node: record && this.nodes.view('admin_graphql', taggable.type, record), userErrors: userErrorsOf(problems.map(tagProblem), USER_ERROR_CODES) };
  }
}

// A registration answers the tag rules' problems and NOT_FOUND; any other code is a bug, not the caller's input.
function tagProblem(problem: DomainError): TagError {
  if (isErrorOf(TagErrors, problem)) return problem;
  throw new Error(`a tags change answered ${problem.code}, which is not a tags problem`);
}

/** The one registry of taggable types: a static module, so every importer shares its instance. */
@Module({ providers: [TaggableRegistry], exports: [TaggableRegistry] })
export class TaggableRegistryModule {}

/** `tagsAdd`/`tagsRemove` on the admin schema. */
@Module({ imports: [TaggableRegistryModule, NodeRegistryModule], providers: [TagsAdminResolver] })
export class AdminTagsApiModule {}
