import { Args, ID, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { pageOf, requireGlobalId } from '@platform/graphql';
import { Ctx, type RequestContext, requireScope } from '@platform/request';
import { StorefrontContentService } from '../../storefront/storefront-content.service.js';
import { StorefrontArticle, StorefrontArticleConnection } from './article.type.js';
import { StorefrontBlog } from './blog.type.js';
import { ArticlesArgs, HasMetafieldsIdentifier, MetafieldArgs, TruncateArgs } from './content.args.js';
import { CONTENT } from './content-access.js';
import { articleView, blogView, connectionOf, plainText } from './content.presenter.js';
import { HasMetafieldsFields } from './has-metafields.fields.js';
import { StorefrontMetafield } from './metafield.type.js';

@Resolver(() => StorefrontArticle)
export class ArticlesStorefrontResolver {
  constructor(
    private readonly reads: StorefrontContentService,
    private readonly hasMetafields: HasMetafieldsFields,
  ) {}

  @Query(() => StorefrontArticleConnection, { description: 'Published articles of all the shop’s blogs, paginated.' })
  async articles(@Ctx() ctx: RequestContext, @Args() args: ArticlesArgs) {
    requireScope(ctx, CONTENT, 'articles');
    return connectionOf(await this.reads.articles(ctx, pageOf(args), args.sortKey ?? 'ID', args.query), articleView);
  }

  @Query(() => StorefrontArticle, { nullable: true, description: 'An article by `id`.' })
  async article(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string) {
    requireScope(ctx, CONTENT, 'article');
    const record = await this.reads.article(ctx, requireGlobalId(id, 'Article'));
    return record && articleView(record);
  }

  @ResolveField(() => String, { description: 'The content as plain text on one line.' })
  content(@Parent() article: StorefrontArticle, @Args() args: TruncateArgs) {
    return plainText(article.contentHtml, args.truncateAt);
  }

  @ResolveField(() => String, { nullable: true, description: 'The excerpt as plain text on one line.' })
  excerpt(@Parent() article: StorefrontArticle, @Args() args: TruncateArgs) {
    return article.excerptHtml === null ? null : plainText(article.excerptHtml, args.truncateAt);
  }

  @ResolveField(() => StorefrontBlog, { description: 'The blog the article belongs to.' })
  async blog(@Ctx() ctx: RequestContext, @Parent() article: StorefrontArticle) {
    const record = await this.reads.blog(ctx, article.record.blogId);
    return record && blogView(record);
  }

  @ResolveField(() => StorefrontMetafield, { nullable: true, description: 'A metafield of the article (needs a token).' })
  metafield(@Ctx() ctx: RequestContext, @Parent() article: StorefrontArticle, @Args() args: MetafieldArgs) {
    return this.hasMetafields.metafield(ctx, 'ARTICLE', article.record.id, args);
  }

  @ResolveField(() => [StorefrontMetafield], { nullable: 'items', description: 'Metafields of the article by namespace and key (needs a token).' })
  metafields(
    @Ctx() ctx: RequestContext,
    @Parent() article: StorefrontArticle,
    @Args('identifiers', { type: () => [HasMetafieldsIdentifier] }) identifiers: HasMetafieldsIdentifier[],
  ) {
    return this.hasMetafields.metafields(ctx, 'ARTICLE', article.record.id, identifiers);
  }
}
