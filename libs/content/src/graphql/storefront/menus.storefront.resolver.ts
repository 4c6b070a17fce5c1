import { Args, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { UrlScalar } from '@platform/graphql-types';
import { Ctx, type RequestContext, RequiresToken } from '@platform/request';
import { ContentStorefrontService } from '../../storefront/content-storefront.service.js';
import { CONTENT } from './content-scopes.js';
import { FIXED_PATHS, menuView } from './content.presenter.js';
import { StorefrontMenu, StorefrontMenuItem } from './menu.type.js';

@Resolver(() => StorefrontMenu)
export class MenusStorefrontResolver {
  constructor(private readonly content: ContentStorefrontService) {}

  @RequiresToken(CONTENT)
  @Query(() => StorefrontMenu, { nullable: true, description: 'A navigation menu by handle (needs a token).' })
  async menu(@Ctx() ctx: RequestContext, @Args('handle') handle: string) {
    const record = await this.content.menuByHandle(ctx, handle);
    return record && menuView(record);
  }
}

@Resolver(() => StorefrontMenuItem)
export class MenuItemsStorefrontResolver {
  constructor(private readonly content: ContentStorefrontService) {}

  // Absolute URLs on the address the client used, laid out as the hosted online store's (`/pages/about`), so
  // headless storefronts can route by path. Products and collections are another context's: no URL yet.
  @ResolveField(() => UrlScalar, { nullable: true, description: 'The URL the item links to.' })
  async url(@Ctx() ctx: RequestContext, @Parent() item: StorefrontMenuItem): Promise<string | null> {
    const path = await this.pathOf(ctx, item);
    return path === null ? null : /^[a-z]+:/i.test(path) ? path : `${ctx.origin}${path}`;
  }

  private async pathOf(ctx: RequestContext, item: StorefrontMenuItem): Promise<string | null> {
    const { type, url, resourceId } = item.record;
    if (url !== null) return url;
    if (FIXED_PATHS[type]) return FIXED_PATHS[type];
    if (resourceId === null) return null;
    switch (type) {
      case 'PAGE': {
        const page = await this.content.page(ctx, resourceId);
        return page && `/pages/${page.handle}`;
      }
      case 'BLOG': {
        const blog = await this.content.blog(ctx, resourceId);
        return blog && `/blogs/${blog.handle}`;
      }
      case 'ARTICLE': {
        const article = await this.content.article(ctx, resourceId);
        const blog = article && (await this.content.blog(ctx, article.blogId));
        return article && blog ? `/blogs/${blog.handle}/${article.handle}` : null;
      }
      default:
        return null;
    }
  }
}
