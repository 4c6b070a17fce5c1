import type { ShopSnapshot } from '@platform/tenancy';
import type { AdminShop } from './shop.type.js';

/** The admin shop. */
export function adminShop(shop: ShopSnapshot): AdminShop {
  return { id: `gid://platform/Shop/${shop.id}`, name: shop.name, currencyCode: shop.currency, myplatformDomain: shop.domain };
}
