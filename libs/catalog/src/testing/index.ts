// Test data of the catalog (`@platform/catalog/testing`); production code never imports it.
export { createCollection, type CollectionTraits } from './collection.factory.js';
export { createProduct, type ProductTraits } from './product.factory.js';
export { createSellingPlanGroup, type SellingPlanGroupTraits } from './selling-plan-group.factory.js';
