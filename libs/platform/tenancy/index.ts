export { SHOP_PLANS, SHOP_STATES, Shop, type ShopPlan, type ShopState } from './shop.entity.js';
export { MAX_HOST_LENGTH, type RequestHost, hostText, isDevelopmentHost, parseHost } from './host.rules.js';
export { HANDLE_PATTERN, inactiveShopError, shopLookupForHost } from './shop.rules.js';
export { ShopService, type CreateShopInput, type ShopSnapshot } from './shop.service.js';
export { TenancyModule } from './tenancy.module.js';
