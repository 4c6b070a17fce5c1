export { ShopAdminApiModule } from './shop-admin-api.module.js';
export { ShopRestApiModule } from './shop-rest-api.module.js';
export { ShopStorefrontApiModule } from './shop-storefront-api.module.js';
// The storefront Shop type, for the fields other contexts add to it (its metafields).
export { StorefrontShop } from './graphql/storefront/shop.type.js';
