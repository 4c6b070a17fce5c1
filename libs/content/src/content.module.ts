import { Module } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { Article } from './article.entity.js';
import { Blog } from './blog.entity.js';
import { ContentService } from './content.service.js';
import { MenuItem } from './menu-item.entity.js';
import { Menu } from './menu.entity.js';
import { Metafield } from './metafield.entity.js';
import { MetafieldsService } from './metafields.service.js';
import { MetaobjectDefinition } from './metaobject-definition.entity.js';
import { Metaobject } from './metaobject.entity.js';
import { MetaobjectsService } from './metaobjects.service.js';
import { Page } from './page.entity.js';

const SERVICES = [ContentService, MetafieldsService, MetaobjectsService];

@Module({
  imports: [
    DatabaseModule.forFeature([
      Page,
      Blog,
      Article,
      Menu,
      MenuItem,
      Metafield,
      MetaobjectDefinition,
      Metaobject,
    ]),
  ],
  providers: SERVICES,
  exports: SERVICES,
})
export class ContentModule {}
