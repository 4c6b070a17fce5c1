import { Args, ID, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { connectionOf, pageOf } from '@platform/graphql-types';
import { requireGlobalId } from '@platform/ids';
import { Ctx, type RequestContext, RequiresToken } from '@platform/request';
import { ContentStorefrontService } from '../../storefront/content-storefront.service.js';
import { MetaobjectHandleInput, MetaobjectsArgs } from './content.args.js';
import { METAOBJECTS } from './content-scopes.js';
import { metaobjectView } from './content.presenter.js';
import { StorefrontMetaobject, StorefrontMetaobjectConnection, StorefrontMetaobjectField } from './metaobject.type.js';

@Resolver(() => StorefrontMetaobject)
export class MetaobjectsStorefrontResolver {
  constructor(private readonly content: ContentStorefrontService) {}

  @RequiresToken(METAOBJECTS)
  @Query(() => StorefrontMetaobject, { nullable: true, description: 'A metaobject by `id`, or by `handle` and type (needs a token).' })
  async metaobject(
    @Ctx() ctx: RequestContext,
    @Args('id', { type: () => ID, nullable: true }) id?: string,
    @Args('handle', { type: () => MetaobjectHandleInput, nullable: true }) handle?: MetaobjectHandleInput,
  ) {
    const record = id
      ? await this.content.metaobject(ctx, requireGlobalId(id, 'Metaobject'))
      : handle
        ? await this.content.metaobjectByHandle(ctx, handle.type, handle.handle)
        : null;
    return record && metaobjectView(record);
  }

  // Nullable (the hosted schema has it non-null) so a tokenless caller's ACCESS_DENIED leaves the rest of the query answering.
  @RequiresToken(METAOBJECTS)
  @Query(() => StorefrontMetaobjectConnection, { nullable: true, description: 'Metaobjects of one type, paginated (needs a token).' })
  async metaobjects(@Ctx() ctx: RequestContext, @Args() args: MetaobjectsArgs) {
    return connectionOf(await this.content.metaobjects(ctx, args.type, pageOf(args), args.sortKey), metaobjectView);
  }

  @ResolveField(() => StorefrontMetaobjectField, { nullable: true, description: 'A field of the metaobject by key.' })
  field(@Parent() metaobject: StorefrontMetaobject, @Args('key') key: string): StorefrontMetaobjectField | null {
    return metaobject.fields.find((f) => f.key === key) ?? null;
  }
}
