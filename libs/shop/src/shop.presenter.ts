import type { ShopSnapshot } from '@platform/tenancy';
import type { AdminShop } from './graphql/shop.admin.type.js';
import type { StorefrontShop } from './graphql/shop.storefront.type.js';

export function storefrontShop(shop: ShopSnapshot): StorefrontShop {
  return { name: shop.name };
}

export function adminShop(shop: ShopSnapshot): AdminShop {
  return { id: `gid://platform/Shop/${shop.id}`, name: shop.name, currencyCode: shop.currency, myplatformDomain: shop.domain };
}

/** REST `shop` resource. */
export function restShop(shop: ShopSnapshot) {
  return { id: shop.id, name: shop.name, domain: shop.domain, currency: shop.currency, plan_name: shop.plan };
}
