import { Args, ID, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { BoundedList, connectionOf, pageOf } from '@platform/graphql-types';
import { requireGlobalId } from '@platform/ids';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { ContentStorefrontService } from '../../storefront/content-storefront.service.js';
import { StorefrontArticle, StorefrontArticleAuthor, StorefrontArticleConnection } from './article.type.js';
import { StorefrontBlog, StorefrontBlogConnection } from './blog.type.js';
import { ArticlesArgs, BlogsArgs } from './content.args.js';
import { CONTENT } from './content-scopes.js';
import { articleView, authorView, blogView } from './content.presenter.js';
import { MAX_INPUT_ARRAY_SIZE } from '@platform/errors';
import { HasMetafieldsFields, HasMetafieldsIdentifier, MetafieldArgs, StorefrontMetafield } from '@platform/metafields';
import { MAX_BLOG_AUTHORS } from '../../storefront/content-storefront.service.js';

@Resolver(() => StorefrontBlog)
export class BlogsStorefrontResolver {
  constructor(
    private readonly content: ContentStorefrontService,
    private readonly hasMetafields: HasMetafieldsFields,
  ) {}

  @RequiresScope(CONTENT)
  @Query(() => StorefrontBlogConnection, { description: 'Blogs of the shop, paginated.' })
  async blogs(@Ctx() ctx: RequestContext, @Args() args: BlogsArgs) {
    return connectionOf(await this.content.blogs(ctx, pageOf(args), args.sortKey ?? 'ID', args.query), blogView);
  }

  @RequiresScope(CONTENT)
  @Query(() => StorefrontBlog, { nullable: true, description: 'A blog by `id` or `handle`.' })
  async blog(
    @Ctx() ctx: RequestContext,
    @Args('id', { type: () => ID, nullable: true }) id?: string,
    @Args('handle', { type: () => String, nullable: true }) handle?: string,
  ) {
    const record = id ? await this.content.blog(ctx, requireGlobalId(id, 'Blog')) : handle ? await this.content.blogByHandle(ctx, handle) : null;
    return record && blogView(record);
  }

  @RequiresScope(CONTENT)
  @Query(() => StorefrontBlog, { nullable: true, deprecationReason: 'Use `blog` instead.' })
  async blogByHandle(@Ctx() ctx: RequestContext, @Args('handle') handle: string) {
    const record = await this.content.blogByHandle(ctx, handle);
    return record && blogView(record);
  }

  @ResolveField(() => StorefrontArticleConnection, { description: "The blog's published articles, paginated." })
  async articles(@Ctx() ctx: RequestContext, @Parent() blog: StorefrontBlog, @Args() args: ArticlesArgs) {
    return connectionOf(await this.content.articlesOfBlog(ctx, blog.record.id, pageOf(args), args.sortKey ?? 'ID', args.query), articleView);
  }

  @ResolveField(() => StorefrontArticle, { nullable: true, description: 'An article of the blog by handle.' })
  async articleByHandle(@Ctx() ctx: RequestContext, @Parent() blog: StorefrontBlog, @Args('handle') handle: string) {
    const record = await this.content.articleByHandle(ctx, blog.record.id, handle);
    return record && articleView(record);
  }

  @BoundedList({ max: MAX_BLOG_AUTHORS })
  @ResolveField(() => [StorefrontArticleAuthor], { description: 'The authors of the blog’s published articles.' })
  async authors(@Ctx() ctx: RequestContext, @Parent() blog: StorefrontBlog) {
    return (await this.content.authorsOfBlog(ctx, blog.record.id)).map(authorView);
  }

  @ResolveField(() => StorefrontMetafield, { nullable: true, description: 'A metafield of the blog (needs a token).' })
  metafield(@Ctx() ctx: RequestContext, @Parent() blog: StorefrontBlog, @Args() args: MetafieldArgs) {
    return this.hasMetafields.metafield(ctx, 'BLOG', blog.record.id, args);
  }

  @BoundedList({ max: MAX_INPUT_ARRAY_SIZE, sizedBy: 'identifiers' })
  @ResolveField(() => [StorefrontMetafield], { nullable: 'items', description: 'Metafields of the blog by namespace and key (needs a token).' })
  metafields(
    @Ctx() ctx: RequestContext,
    @Parent() blog: StorefrontBlog,
    @Args('identifiers', { type: () => [HasMetafieldsIdentifier] }) identifiers: HasMetafieldsIdentifier[],
  ) {
    return this.hasMetafields.metafields(ctx, 'BLOG', blog.record.id, identifiers);
  }
}
