export { Article } from './article.entity.js';
export { Blog } from './blog.entity.js';
export { ContentModule } from './content.module.js';
export { ContentErrors, type ContentError, type ContentErrorCode } from './content.errors.js';
export { SUMMARY_LENGTH, summarize } from './content.rules.js';
export { ContentService } from './content.service.js';
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
export { MENU_ITEM_TYPES, MenuItem, type MenuItemType } from './menu-item.entity.js';
export { Menu } from './menu.entity.js';
export { MAX_MENU_DEPTH } from './menu.rules.js';
export { METAFIELD_OWNER_TYPES, Metafield, type MetafieldOwnerType } from './metafield.entity.js';
export { METAFIELD_TYPES, metafieldValueError } from './metafield.rules.js';
export type { MetafieldIdentifier, MetafieldRead, NewMetafield } from './metafield.types.js';
export { MetafieldsService } from './metafields.service.js';
export { MetaobjectDefinition, type MetaobjectFieldDefinition } from './metaobject-definition.entity.js';
export { Metaobject } from './metaobject.entity.js';
export type {
  ImportedMetaobject,
  ImportedMetaobjectDefinition,
  MetaobjectFieldRead,
  MetaobjectRead,
  NewMetaobject,
  NewMetaobjectDefinition,
  NewMetaobjectFieldDefinition,
} from './metaobject.types.js';
export { MetaobjectsService } from './metaobjects.service.js';
export { Page } from './page.entity.js';
export { SellingPlanGroupProduct } from './selling-plan-group-product.entity.js';
export { SellingPlanGroup, type SellingPlanGroupOption } from './selling-plan-group.entity.js';
export {
  PRICE_ADJUSTMENT_TYPES,
  SELLING_PLAN_INTERVALS,
  SellingPlan,
  type PriceAdjustmentType,
  type SellingPlanCheckoutCharge,
  type SellingPlanInterval,
  type SellingPlanPriceAdjustment,
  type SellingPlanRecurringPolicy,
} from './selling-plan.entity.js';
export { adjustedPrice } from './selling-plan.rules.js';
export type { ImportedSellingPlanGroup, NewSellingPlan, NewSellingPlanGroup, SellingPlanGroupRead, SellingPlanRead } from './selling-plan.types.js';
export { SellingPlansService } from './selling-plans.service.js';
export { ContentStorefrontApiModule } from './content-storefront-api.module.js';
export { StorefrontContentService } from './storefront/storefront-content.service.js';
export { HasMetafieldsFields } from './graphql/storefront/has-metafields.fields.js';
export { HasMetafieldsIdentifier, MetafieldArgs } from './graphql/storefront/content.args.js';
export { StorefrontMetafield } from './graphql/storefront/metafield.type.js';
export { StorefrontSeo } from './graphql/storefront/seo.type.js';
export { StorefrontSellingPlansService } from './storefront/storefront-selling-plans.service.js';
export { StorefrontSellingPlanGroup, StorefrontSellingPlanGroupConnection } from './graphql/storefront/selling-plan.type.js';
export { sellingPlanGroupView } from './graphql/storefront/selling-plan.presenter.js';
export { StorefrontArticle } from './graphql/storefront/article.type.js';
export { StorefrontPage } from './graphql/storefront/page.type.js';
export { articleView, pageView } from './graphql/storefront/content.presenter.js';
export type { ArticleRecord, PageRecord } from './storefront/content-records.js';
export type { RankedMatches, RankedWalk } from './storefront/storefront-content.service.js';
