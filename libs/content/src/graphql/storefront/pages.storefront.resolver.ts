import { Args, ID, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { BoundedList, HtmlScalar, connectionOf, pageOf } from '@platform/graphql-types';
import { requireGlobalId } from '@platform/ids';
import { PresentmentService } from '@platform/localization';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { ContentStorefrontService } from '../../storefront/content-storefront.service.js';
import { PagesArgs } from './content.args.js';
import { CONTENT } from './content-scopes.js';
import { summarize } from '../../content.rules.js';
import { pageView } from './content.presenter.js';
import { StorefrontPage, StorefrontPageConnection } from './page.type.js';
import { MAX_INPUT_ARRAY_SIZE } from '@platform/errors';
import { HasMetafieldsFields, HasMetafieldsIdentifier, MetafieldArgs, StorefrontMetafield } from '@platform/metafields';

@Resolver(() => StorefrontPage)
export class PagesStorefrontResolver {
  constructor(
    private readonly content: ContentStorefrontService,
    private readonly hasMetafields: HasMetafieldsFields,
    private readonly presentment: PresentmentService,
  ) {}

  @ResolveField(() => String)
  title(@Ctx() ctx: RequestContext, @Parent() page: StorefrontPage) {
    return this.presentment.translated(ctx, 'PAGE', page.record.id, 'title', page.title);
  }

  @ResolveField(() => HtmlScalar, { description: 'The description of the page, complete with HTML formatting.' })
  body(@Ctx() ctx: RequestContext, @Parent() page: StorefrontPage) {
    return this.presentment.translated(ctx, 'PAGE', page.record.id, 'body_html', page.body);
  }

  @ResolveField(() => String, { description: 'Summary of the page body (plain text).' })
  async bodySummary(@Ctx() ctx: RequestContext, @Parent() page: StorefrontPage) {
    return this.presentment.language(ctx) ? summarize(await this.body(ctx, page)) : page.bodySummary;
  }

  @RequiresScope(CONTENT)
  @Query(() => StorefrontPageConnection, { description: 'Published pages of the shop, paginated.' })
  async pages(@Ctx() ctx: RequestContext, @Args() args: PagesArgs) {
    return connectionOf(await this.content.pages(ctx, pageOf(args), args.sortKey ?? 'ID', args.query), pageView);
  }

  @RequiresScope(CONTENT)
  @Query(() => StorefrontPage, { nullable: true, description: 'A page by `id` or `handle`.' })
  async page(
    @Ctx() ctx: RequestContext,
    @Args('id', { type: () => ID, nullable: true }) id?: string,
    @Args('handle', { type: () => String, nullable: true }) handle?: string,
  ) {
    const record = id ? await this.content.page(ctx, requireGlobalId(id, 'Page')) : handle ? await this.content.pageByHandle(ctx, handle) : null;
    return record && pageView(record);
  }

  @RequiresScope(CONTENT)
  @Query(() => StorefrontPage, { nullable: true, deprecationReason: 'Use `page` instead.' })
  async pageByHandle(@Ctx() ctx: RequestContext, @Args('handle') handle: string) {
    const record = await this.content.pageByHandle(ctx, handle);
    return record && pageView(record);
  }

  @ResolveField(() => StorefrontMetafield, { nullable: true, description: 'A metafield of the page (needs a token).' })
  metafield(@Ctx() ctx: RequestContext, @Parent() page: StorefrontPage, @Args() args: MetafieldArgs) {
    return this.hasMetafields.metafield(ctx, 'PAGE', page.record.id, args);
  }

  @BoundedList({ max: MAX_INPUT_ARRAY_SIZE, sizedBy: 'identifiers' })
  @ResolveField(() => [StorefrontMetafield], { nullable: 'items', description: 'Metafields of the page by namespace and key (needs a token).' })
  metafields(
    @Ctx() ctx: RequestContext,
    @Parent() page: StorefrontPage,
    @Args('identifiers', { type: () => [HasMetafieldsIdentifier] }) identifiers: HasMetafieldsIdentifier[],
  ) {
    return this.hasMetafields.metafields(ctx, 'PAGE', page.record.id, identifiers);
  }
}
