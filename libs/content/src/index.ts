// Content's public door: modules, services, the records and import types they take and return, error codes,
// and the storefront GraphQL types other contexts' fields return (search results).
export { ContentModule } from './content.module.js';
export { ContentStorefrontApiModule } from './content-storefront-api.module.js';
export { ContentService } from './content.service.js';
export { MetafieldsService } from './metafields.service.js';
export { MetaobjectsService } from './metaobjects.service.js';
export { SellingPlansService } from './selling-plans.service.js';
export { StorefrontContentService, type RankedMatches, type RankedWalk } from './storefront/storefront-content.service.js';
export { StorefrontSellingPlansService } from './storefront/storefront-selling-plans.service.js';
export { ContentErrors, type ContentError, type ContentErrorCode } from './content.errors.js';
export type {
  ImportedArticle,
  ImportedBlog,
  ImportedMenu,
  ImportedPage,
  MenuItemRead,
  MenuRead,
  NewArticle,
  NewBlog,
  NewMenu,
  NewMenuItem,
  NewPage,
  Seo,
} from './content.types.js';
export type { ArticleRecord, BlogRecord, MenuRecord, MetafieldRecord, MetaobjectRecord, PageRecord } from './storefront/content-records.js';
export type { MenuItemType } from './menu-item.entity.js';
export type { MetafieldOwnerType } from './metafield.entity.js';
export type { MetafieldIdentifier, MetafieldRead, NewMetafield } from './metafield.types.js';
export type { MetaobjectFieldDefinition } from './metaobject-definition.entity.js';
export type {
  ImportedMetaobject,
  ImportedMetaobjectDefinition,
  MetaobjectFieldRead,
  MetaobjectRead,
  NewMetaobject,
  NewMetaobjectDefinition,
  NewMetaobjectFieldDefinition,
} from './metaobject.types.js';
export type { SellingPlanGroupOption } from './selling-plan-group.entity.js';
export type { SellingPlanCheckoutCharge, SellingPlanInterval, SellingPlanPriceAdjustment, SellingPlanRecurringPolicy } from './selling-plan.entity.js';
export type { ImportedSellingPlanGroup, NewSellingPlan, NewSellingPlanGroup, SellingPlanGroupRead, SellingPlanRead } from './selling-plan.types.js';
export { StorefrontArticle } from './graphql/storefront/article.type.js';
export { StorefrontPage } from './graphql/storefront/page.type.js';
