import { Args, ID, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { BoundedList, HtmlScalar, StorefrontImage, TruncateArgs, connectionOf, pageOf } from '@platform/graphql-types';
import { plainText } from '@platform/html';
import { requireGlobalId } from '@platform/ids';
import { PresentmentService } from '@platform/localization';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { ContentStorefrontService } from '../../storefront/content-storefront.service.js';
import { StorefrontArticle, StorefrontArticleConnection } from './article.type.js';
import { StorefrontBlog } from './blog.type.js';
import { ArticlesArgs } from './content.args.js';
import { CONTENT } from './content-scopes.js';
import { articleImageView, articleView, blogView } from './content.presenter.js';
import { MAX_INPUT_ARRAY_SIZE } from '@platform/errors';
import { HasMetafieldsFields, HasMetafieldsIdentifier, MetafieldArgs, StorefrontMetafield } from '@platform/metafields';

@Resolver(() => StorefrontArticle)
export class ArticlesStorefrontResolver {
  constructor(
    private readonly reads: ContentStorefrontService,
    private readonly hasMetafields: HasMetafieldsFields,
    private readonly presentment: PresentmentService,
  ) {}

  @RequiresScope(CONTENT)
  @Query(() => StorefrontArticleConnection, { description: 'Published articles of all the shop’s blogs, paginated.' })
  async articles(@Ctx() ctx: RequestContext, @Args() args: ArticlesArgs) {
    return connectionOf(await this.reads.articles(ctx, pageOf(args), args.sortKey ?? 'ID', args.query), articleView);
  }

  @RequiresScope(CONTENT)
  @Query(() => StorefrontArticle, { nullable: true, description: 'An article by `id`.' })
  async article(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string) {
    const record = await this.reads.article(ctx, requireGlobalId(id, 'Article'));
    return record && articleView(record);
  }

  @ResolveField(() => String)
  title(@Ctx() ctx: RequestContext, @Parent() article: StorefrontArticle) {
    return this.presentment.translated(ctx, 'ARTICLE', article.record.id, 'title', article.title);
  }

  @ResolveField(() => HtmlScalar, { description: 'The content of the article, complete with HTML formatting.' })
  contentHtml(@Ctx() ctx: RequestContext, @Parent() article: StorefrontArticle) {
    return this.presentment.translated(ctx, 'ARTICLE', article.record.id, 'body_html', article.contentHtml);
  }

  @ResolveField(() => HtmlScalar, { nullable: true, description: 'The excerpt of the article, complete with HTML formatting.' })
  async excerptHtml(@Ctx() ctx: RequestContext, @Parent() article: StorefrontArticle) {
    if (article.excerptHtml === null) return null;
    return this.presentment.translated(ctx, 'ARTICLE', article.record.id, 'summary_html', article.excerptHtml);
  }

  @ResolveField(() => String, { description: 'The content as plain text on one line.' })
  async content(@Ctx() ctx: RequestContext, @Parent() article: StorefrontArticle, @Args() args: TruncateArgs) {
    return plainText(await this.contentHtml(ctx, article), args.truncateAt);
  }

  @ResolveField(() => String, { nullable: true, description: 'The excerpt as plain text on one line.' })
  async excerpt(@Ctx() ctx: RequestContext, @Parent() article: StorefrontArticle, @Args() args: TruncateArgs) {
    const html = await this.excerptHtml(ctx, article);
    return html === null ? null : plainText(html, args.truncateAt);
  }

  @ResolveField(() => StorefrontBlog, { description: 'The blog the article belongs to.' })
  async blog(@Ctx() ctx: RequestContext, @Parent() article: StorefrontArticle) {
    const record = await this.reads.blog(ctx, article.record.blogId);
    return record && blogView(record);
  }

  // Resolved here, not in the view: a kept file's URL is on the request's origin, which search's views do not know.
  @ResolveField(() => StorefrontImage, { nullable: true, description: 'The image of the article.' })
  image(@Ctx() ctx: RequestContext, @Parent() article: StorefrontArticle) {
    return articleImageView(article.record, ctx.origin);
  }

  @ResolveField(() => StorefrontMetafield, { nullable: true, description: 'A metafield of the article (needs a token).' })
  metafield(@Ctx() ctx: RequestContext, @Parent() article: StorefrontArticle, @Args() args: MetafieldArgs) {
    return this.hasMetafields.metafield(ctx, 'ARTICLE', article.record.id, args);
  }

  @BoundedList({ max: MAX_INPUT_ARRAY_SIZE, sizedBy: 'identifiers' })
  @ResolveField(() => [StorefrontMetafield], { nullable: 'items', description: 'Metafields of the article by namespace and key (needs a token).' })
  metafields(
    @Ctx() ctx: RequestContext,
    @Parent() article: StorefrontArticle,
    @Args('identifiers', { type: () => [HasMetafieldsIdentifier] }) identifiers: HasMetafieldsIdentifier[],
  ) {
    return this.hasMetafields.metafields(ctx, 'ARTICLE', article.record.id, identifiers);
  }
}
