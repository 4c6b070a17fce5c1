export type {
  ImportedCollection,
  ImportedProduct,
  NewCollection,
  NewProduct,
  NewProductImage,
  NewProductOption,
  NewProductVariant,
  VariantRef,
} from './catalog-import.types.js';
export { CatalogModule } from './catalog.module.js';
export { CatalogService } from './catalog.service.js';
export { CatalogErrors, type CatalogError, type CatalogErrorCode } from './catalog.errors.js';
export { CollectionProduct } from './collection-product.entity.js';
export { Collection } from './collection.entity.js';
export { ProductImage } from './product-image.entity.js';
export { ProductOption } from './product-option.entity.js';
export { ProductVariant } from './product-variant.entity.js';
export { PRODUCT_STATUSES, Product, type ProductStatus } from './product.entity.js';
export { MAX_OPTIONS, MAX_VARIANTS } from './product.rules.js';
export { CatalogStorefrontApiModule } from './catalog-storefront-api.module.js';
export { StorefrontCatalogService } from './storefront/storefront-catalog.service.js';
export type {
  CollectionRecord,
  ImageRecord,
  OptionRecord,
  ProductDetail,
  ProductRecord,
  ReadShape,
  VariantDetail,
  VariantRecord,
} from './storefront/catalog-records.js';
export { StorefrontCollection } from './graphql/storefront/collection.type.js';
export { StorefrontProduct } from './graphql/storefront/product.type.js';
export { collectionView, productView } from './graphql/storefront/catalog.presenter.js';
export { StorefrontProductVariant } from './graphql/storefront/product.type.js';
