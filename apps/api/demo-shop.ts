import { AuthService, type InstalledApp, deriveToken } from '@platform/auth';
import { ShopService, type ShopSnapshot } from '@platform/tenancy';

export const DEMO_SHOP_HANDLE = 'demo';
export const DEMO_SEED = 1;

/** The demo app's tokens, reproducible from the seed so docs and examples can name them. */
export function demoTokens(seed = DEMO_SEED): Omit<InstalledApp, 'appId'> {
  const secret = `platform-demo-${seed}`;
  return {
    adminAccessToken: deriveToken('admin', secret),
    storefrontAccessToken: deriveToken('storefront_public', secret),
    storefrontPrivateToken: deriveToken('storefront_private', secret),
  };
}

export interface DemoShop {
  shop: ShopSnapshot;
  created: boolean;
  tokens: Omit<InstalledApp, 'appId'>;
}

/** Creates the `demo` shop (plan standard, USD) with an app holding every scope, when the database has no shop. */
export async function ensureDemoShop(shops: ShopService, auth: AuthService, seed = DEMO_SEED): Promise<DemoShop | null> {
  const existing = await shops.findByHandle(DEMO_SHOP_HANDLE);
  const tokens = demoTokens(seed);
  if (existing) return { shop: existing, created: false, tokens };
  if ((await shops.count()) > 0) return null;
  const shop = await shops.create({
    handle: DEMO_SHOP_HANDLE,
    name: 'Demo Shop',
    plan: 'standard',
    currency: 'USD',
    enabledCountries: ['US', 'CA', 'FR'],
    enabledLanguages: ['EN', 'FR'],
  });
  await auth.installApp(shop.id, 'Demo app', 'all', {
    admin: tokens.adminAccessToken,
    storefront_public: tokens.storefrontAccessToken,
    storefront_private: tokens.storefrontPrivateToken,
  });
  return { shop, created: true, tokens };
}
