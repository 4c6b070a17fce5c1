// Content's public door: modules, services, the records and import types they take and return, error codes,
// and the storefront GraphQL types other contexts' fields return (search results).
export { ContentModule } from './content.module.js';
export { ContentStorefrontApiModule } from './content-storefront-api.module.js';
export { ContentService } from './content.service.js';
export { MetaobjectsService } from './metaobjects.service.js';
export { ContentStorefrontService, type RankedMatches, type RankedWalk } from './storefront/content-storefront.service.js';
export { ContentErrors, type ContentError, type ContentErrorCode } from './content.errors.js';
export type { NewArticle, NewArticleImage, NewBlog, NewMenu, NewMenuItem, NewPage, Seo } from './content.inputs.js';
export type {
  ArticleRecord,
  BlogRecord,
  ImportedArticle,
  ImportedBlog,
  ImportedMenu,
  ImportedPage,
  MenuItemRecord,
  MenuRecord,
  PageRecord,
} from './content.records.js';
export type { MenuItemType } from './menu-item.entity.js';
export type { MetaobjectFieldDefinition } from './metaobject-definition.entity.js';
export type { NewMetaobject, NewMetaobjectDefinition, NewMetaobjectFieldDefinition } from './metaobject.inputs.js';
export type { ImportedMetaobject, ImportedMetaobjectDefinition, MetaobjectFieldRecord, MetaobjectRecord } from './metaobject.records.js';
export { StorefrontArticle } from './graphql/storefront/article.type.js';
export { StorefrontPage } from './graphql/storefront/page.type.js';
