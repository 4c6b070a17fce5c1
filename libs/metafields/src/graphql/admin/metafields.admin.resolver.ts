import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Ctx, type RequestContext, RequiresScopeOf, requireScopesOf } from '@platform/request';
import { MetafieldOwnerRegistry } from '../../metafield-owners.js';
import { MetafieldsService } from '../../metafields.service.js';
import { MetafieldIdentifierInput, MetafieldsSetInput } from './metafield.args.js';
import { adminMetafieldView, deletedMetafieldsOf, metafieldsDeleteUserErrors, metafieldsSetUserErrors } from './metafield.presenter.js';
import { MetafieldsDeletePayload, MetafieldsSetPayload } from './metafield-mutations.type.js';

/**
 * `metafieldsSet` and `metafieldsDelete` on the admin schema, for every owner a context registered: each owner id's
 * type asks its own write scope (declared with `@RequiresScopeOf`, checked before anything is read, so a refusal
 * says nothing of the owners), and the service finds the owners in the shop and writes all or nothing.
 */
@Resolver()
export class MetafieldsAdminResolver {
  constructor(
    private readonly metafields: MetafieldsService,
    private readonly owners: MetafieldOwnerRegistry,
  ) {}

  @RequiresScopeOf('metafields')
  @Mutation(() => MetafieldsSetPayload, { nullable: true, description: 'Sets metafields of any resources (at most 25): created or changed, all or none.' })
  async metafieldsSet(@Ctx() ctx: RequestContext, @Args('metafields', { type: () => [MetafieldsSetInput] }) metafields: MetafieldsSetInput[]): Promise<MetafieldsSetPayload> {
    requireScopesOf(ctx, 'metafieldsSet', this.owners.writeScopes(metafields.map((m) => m.ownerId)));
    const result = await this.metafields.set(ctx, metafields);
    return { metafields: result.metafields && result.metafields.map(adminMetafieldView), userErrors: metafieldsSetUserErrors(result.problems) };
  }

  @RequiresScopeOf('metafields')
  @Mutation(() => MetafieldsDeletePayload, { nullable: true, description: 'Deletes metafields by owner, namespace and key; null for one that does not exist.' })
  async metafieldsDelete(@Ctx() ctx: RequestContext, @Args('metafields', { type: () => [MetafieldIdentifierInput] }) metafields: MetafieldIdentifierInput[]): Promise<MetafieldsDeletePayload> {
    requireScopesOf(ctx, 'metafieldsDelete', this.owners.writeScopes(metafields.map((m) => m.ownerId)));
    const result = await this.metafields.delete(ctx, metafields);
    return { deletedMetafields: deletedMetafieldsOf(metafields, result.deleted), userErrors: metafieldsDeleteUserErrors(result.problems) };
  }
}
