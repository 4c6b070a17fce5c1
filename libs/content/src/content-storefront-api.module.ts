import { Module, type OnModuleInit } from '@nestjs/common';
import { NodeRegistry, NodeRegistryModule } from '@platform/graphql-types';
import { LocalizationModule } from '@platform/localization';
import type { Access } from '@platform/request';
import { ContentModule } from './content.module.js';
import { ArticlesStorefrontResolver } from './graphql/storefront/articles.storefront.resolver.js';
import { BlogsStorefrontResolver } from './graphql/storefront/blogs.storefront.resolver.js';
import { CollectionMetafieldsStorefrontResolver } from './graphql/storefront/collection-metafields.storefront.resolver.js';
import { CONTENT, METAOBJECTS } from './graphql/storefront/content-scopes.js';
import { articleView, blogView, menuView, metafieldView, metaobjectView, pageView } from './graphql/storefront/content.presenter.js';
import { HasMetafieldsFields } from './graphql/storefront/has-metafields.fields.js';
import { MenuItemsStorefrontResolver, MenusStorefrontResolver } from './graphql/storefront/menus.storefront.resolver.js';
import { MetaobjectsStorefrontResolver } from './graphql/storefront/metaobjects.storefront.resolver.js';
import { PagesStorefrontResolver } from './graphql/storefront/pages.storefront.resolver.js';
import { ProductMetafieldsStorefrontResolver } from './graphql/storefront/product-metafields.storefront.resolver.js';
import { ShopMetafieldsStorefrontResolver } from './graphql/storefront/shop-metafields.storefront.resolver.js';
import { ContentStorefrontService } from './storefront/content-storefront.service.js';

/**
 * Pages, blogs, articles, menus, metaobjects and metafields on the storefront schema, with the fields they add to
 * other contexts' types (Product and Collection metafields, Shop metafields). Exports the reads search uses.
 */
@Module({
  imports: [NodeRegistryModule, ContentModule, LocalizationModule],
  providers: [
    ContentStorefrontService,
    HasMetafieldsFields,
    PagesStorefrontResolver,
    BlogsStorefrontResolver,
    ArticlesStorefrontResolver,
    MenusStorefrontResolver,
    MenuItemsStorefrontResolver,
    MetaobjectsStorefrontResolver,
    ProductMetafieldsStorefrontResolver,
    CollectionMetafieldsStorefrontResolver,
    ShopMetafieldsStorefrontResolver,
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
    this.nodes.register('storefront', 'Metafield', { tokenless: 'refused' }, (ctx, id) => c.metafield(ctx, id), metafieldView);
  }
}
