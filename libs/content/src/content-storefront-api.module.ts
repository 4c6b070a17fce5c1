import { Module, type OnModuleInit } from '@nestjs/common';
import { NodeRegistry, NodeRegistryModule } from '@platform/graphql-types';
import { LocalizationModule } from '@platform/localization';
import { MetafieldsStorefrontApiModule } from '@platform/metafields';
import type { Access } from '@platform/request';
import { ContentModule } from './content.module.js';
import { ArticlesStorefrontResolver } from './graphql/storefront/articles.storefront.resolver.js';
import { BlogsStorefrontResolver } from './graphql/storefront/blogs.storefront.resolver.js';
import { CONTENT, METAOBJECTS } from './graphql/storefront/content-scopes.js';
import { articleView, blogView, menuView, metaobjectView, pageView } from './graphql/storefront/content.presenter.js';
import { MenuItemsStorefrontResolver, MenusStorefrontResolver } from './graphql/storefront/menus.storefront.resolver.js';
import { MetaobjectsStorefrontResolver } from './graphql/storefront/metaobjects.storefront.resolver.js';
import { PagesStorefrontResolver } from './graphql/storefront/pages.storefront.resolver.js';
import { ContentStorefrontService } from './storefront/content-storefront.service.js';

/**
 * Pages, blogs, articles, menus and metaobjects on the storefront schema, with the metafields of pages, blogs and
 * articles (through MetafieldsStorefrontApiModule's fields). Exports the reads search uses.
 */
@Module({
  imports: [NodeRegistryModule, ContentModule, LocalizationModule, MetafieldsStorefrontApiModule],
  providers: [
    ContentStorefrontService,
    PagesStorefrontResolver,
    BlogsStorefrontResolver,
    ArticlesStorefrontResolver,
    MenusStorefrontResolver,
    MenuItemsStorefrontResolver,
    MetaobjectsStorefrontResolver,
  ],
  exports: [ContentStorefrontService],
})
export class ContentStorefrontApiModule implements OnModuleInit {
  constructor(
    private readonly nodes: NodeRegistry,
    private readonly content: ContentStorefrontService,
  ) {}

  // `node(id:)` asks for the same access as the type's own root field.
  onModuleInit(): void {
    const c = this.content;
    const content: Access = { scope: CONTENT };
    this.nodes.register('storefront', 'Page', content, (ctx, id) => c.page(ctx, id), pageView);
    this.nodes.register('storefront', 'Blog', content, (ctx, id) => c.blog(ctx, id), blogView);
    this.nodes.register('storefront', 'Article', content, (ctx, id) => c.article(ctx, id), articleView);
    this.nodes.register('storefront', 'Menu', { scope: CONTENT, tokenless: 'refused' }, (ctx, id) => c.menu(ctx, id), menuView);
    this.nodes.register('storefront', 'Metaobject', { scope: METAOBJECTS, tokenless: 'refused' }, (ctx, id) => c.metaobject(ctx, id), metaobjectView);
  }
}
