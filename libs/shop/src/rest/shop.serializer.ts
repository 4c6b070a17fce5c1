import type { ShopSnapshot } from '@platform/tenancy';

/** REST `shop` resource. */
export function restShop(shop: ShopSnapshot) {
  return { id: shop.id, name: shop.name, domain: shop.domain, currency: shop.currency, plan_name: shop.plan };
}
