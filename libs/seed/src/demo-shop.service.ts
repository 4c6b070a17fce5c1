import { Injectable } from '@nestjs/common';
import { AuthService, type InstalledApp, deriveToken } from '@platform/auth';
import { SqlPool, refreshPlannerStatistics } from '@platform/database';
import { SystemContexts } from '@platform/request';
import { ShopService, type ShopSnapshot } from '@platform/tenancy';
import { DEMO_SEED_OPTIONS, type SeedCounts, type SeedOptions, type SeedProgressListener } from './seed-shop.js';
import { SeedService } from './seed.service.js';

export const DEMO_SHOP_HANDLE = 'demo';

export type DemoTokens = Omit<InstalledApp, 'appId'>;

/** The demo app's tokens, reproducible from the seed number so docs and examples can name them. */
export function demoTokens(seed: number = DEMO_SEED_OPTIONS.seed): DemoTokens {
  const secret = `platform-demo-${seed}`;
  return {
    adminAccessToken: deriveToken('admin', secret),
    storefrontAccessToken: deriveToken('storefront_public', secret),
    storefrontPrivateToken: deriveToken('storefront_private', secret),
  };
}

export interface SeededShop {
  shop: ShopSnapshot;
  /** True when this call created the shop (and its app). */
  created: boolean;
  /** The demo shop's tokens; other shops get theirs from `app:create`. */
  tokens?: DemoTokens;
  counts?: SeedCounts;
}

@Injectable()
export class DemoShopService {
  constructor(
    private readonly shops: ShopService,
    private readonly auth: AuthService,
    private readonly seeder: SeedService,
    private readonly contexts: SystemContexts,
    private readonly sql: SqlPool,
  ) {}

  /** `npm start` on an empty database: the demo shop with its app and contents. Null when other shops exist. */
  async ensureDemoShop(): Promise<SeededShop | null> {
    const existing = await this.shops.findByHandle(DEMO_SHOP_HANDLE);
    if (existing) return { shop: existing, created: false, tokens: demoTokens() };
    if ((await this.shops.count()) > 0) return null;
    return this.seedShop(DEMO_SHOP_HANDLE, {});
  }

  /**
   * `platform seed`: fills a shop with generated data, creating it first when it does not exist (the demo
   * shop on plan standard in USD, with markets US, CA and FR, and an app holding every scope).
   */
  async seedShop(handle: string, options: SeedOptions, onProgress?: SeedProgressListener): Promise<SeededShop> {
    let shop = await this.shops.findByHandle(handle);
    const created = !shop;
    if (!shop) shop = await this.createShop(handle, options.seed ?? DEMO_SEED_OPTIONS.seed);
    const counts = await this.seeder.seed(this.contexts.forShop(shop), { ...DEMO_SEED_OPTIONS, ...options, currency: shop.currency }, onProgress);
    await refreshPlannerStatistics(this.sql);
    const tokens = handle === DEMO_SHOP_HANDLE ? demoTokens(options.seed ?? DEMO_SEED_OPTIONS.seed) : undefined;
    return { shop, created, tokens, counts };
  }

  private async createShop(handle: string, seed: number): Promise<ShopSnapshot> {
    const demo = handle === DEMO_SHOP_HANDLE;
    const shop = await this.shops.create({
      handle,
      name: demo ? 'Demo Shop' : undefined,
      plan: 'standard',
      currency: 'USD',
      enabledCountries: ['US', 'CA', 'FR'],
      enabledLanguages: ['EN', 'FR'],
    });
    if (demo) {
      const tokens = demoTokens(seed);
      await this.auth.installApp(shop.id, 'Demo app', 'all', {
        admin: tokens.adminAccessToken,
        storefront_public: tokens.storefrontAccessToken,
        storefront_private: tokens.storefrontPrivateToken,
      });
    }
    return shop;
  }
}
