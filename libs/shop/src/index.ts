export { ShopAdminApiModule, ShopRestModule, ShopStorefrontApiModule } from './shop-api.modules.js';
