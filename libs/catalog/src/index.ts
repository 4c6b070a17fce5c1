// The catalog's public door: modules, services, the records and import types they take and return, error
// codes, and the storefront GraphQL types other contexts' fields return (search results, an order line's variant).
export { CatalogModule } from './catalog.module.js';
export { CatalogStorefrontApiModule } from './catalog-storefront-api.module.js';
export { CatalogAdminApiModule } from './catalog-admin-api.module.js';
export { CatalogRestApiModule } from './catalog-rest-api.module.js';
export { CatalogPagesApiModule } from './catalog-pages-api.module.js';
export { CatalogService } from './catalog.service.js';
export { CatalogImportService } from './admin/catalog-import.service.js';
export type { LocationRecord } from './inventory/inventory.records.js';
export { CatalogStorefrontService } from './storefront/catalog-storefront.service.js';
export { SellingPlansService } from './selling-plans.service.js';
export { SellingPlansStorefrontService } from './storefront/selling-plans-storefront.service.js';
export { CatalogErrors, type CatalogError, type CatalogErrorCode } from './catalog.errors.js';
export type { NewCollection, NewProduct, NewProductImage, NewProductOption, NewProductVariant } from './catalog.inputs.js';
export type { ProductStatus } from './product.entity.js';
export type { SellingPlanGroupOption } from './selling-plan-group.entity.js';
export type { SellingPlanCheckoutCharge, SellingPlanInterval, SellingPlanPriceAdjustment, SellingPlanRecurringPolicy } from './selling-plan.entity.js';
export type { NewSellingPlan, NewSellingPlanGroup } from './selling-plan.inputs.js';
export type { ImportedSellingPlanGroup, SellingPlanGroupRecord, SellingPlanRecord } from './selling-plan.records.js';
export type {
  CollectionRecord,
  ImageRecord,
  ImportedCollection,
  ImportedProduct,
  OptionRecord,
  ProductDetail,
  ProductRecord,
  ReadShape,
  VariantDetail,
  VariantRecord,
  VariantRef,
} from './catalog.records.js';
export { imageUrl, smallImageUrl, type ImagePlace } from './image-url.js';
export { StorefrontCollection } from './graphql/storefront/collection.type.js';
export { StorefrontProduct, StorefrontProductVariant } from './graphql/storefront/product.type.js';
