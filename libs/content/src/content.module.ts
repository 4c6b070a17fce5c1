import { Module, type OnModuleInit } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { MetafieldOwnerRegistry, MetafieldsModule } from '@platform/metafields';
import { Article } from './article.entity.js';
import { Blog } from './blog.entity.js';
import { ContentService } from './content.service.js';
import { MenuItem } from './menu-item.entity.js';
import { Menu } from './menu.entity.js';
import { MetaobjectDefinition } from './metaobject-definition.entity.js';
import { Metaobject } from './metaobject.entity.js';
import { MetaobjectsService } from './metaobjects.service.js';
import { Page } from './page.entity.js';

const SERVICES = [ContentService, MetaobjectsService];

@Module({
  imports: [
    DatabaseModule.forFeature([
      Page,
      Blog,
      Article,
      Menu,
      MenuItem,
      MetaobjectDefinition,
      Metaobject,
    ]),
    // Pages, blogs and articles keep metafields: content registers them as owners.
    MetafieldsModule,
  ],
  providers: SERVICES,
  exports: SERVICES,
})
export class ContentModule implements OnModuleInit {
  constructor(
    private readonly owners: MetafieldOwnerRegistry,
    private readonly content: ContentService,
  ) {}

  // Written with write_content and read with read_content; the storefront shows them on the pages and articles it shows.
  onModuleInit(): void {
    for (const [ownerType, type] of [['PAGE', 'Page'], ['BLOG', 'Blog'], ['ARTICLE', 'Article']] as const) {
      this.owners.register({
        ownerType,
        type,
        read: 'read_content',
        write: 'write_content',
        storefront: true,
        existing: (ctx, ids) => this.content.existingOwners(ctx, ownerType, ids),
      });
    }
  }
}
