export { ShopModule } from './shop.module.js';
export { ShopAdminApiModule } from './shop-admin-api.module.js';
export { ShopRestApiModule } from './shop-rest-api.module.js';
export { ShopStorefrontApiModule } from './shop-storefront-api.module.js';
