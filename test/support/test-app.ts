import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthService, type InstalledApp } from '@platform/auth';
import { loadConfig } from '@platform/config';
import { createLogger } from '@platform/logging';
import { DemoShopService, type SeedCounts } from '@platform/seed';
import { ShopService, type ShopSnapshot } from '@platform/tenancy';
import type { LimitOverrides } from '@platform/throttling';
import type { ApiRuntime } from '../../apps/api/api.module.js';
import { createApiApp } from '../../apps/api/create-api-app.js';
import { cloneTestDatabase } from './test-database.js';

export interface TestShop {
  shop: ShopSnapshot;
  host: string;
  tokens: InstalledApp;
}

export interface TestApp {
  app: NestFastifyApplication;
  databaseUrl: string;
  /** Creates a shop with an app installed (all scopes unless given) and returns its tokens. */
  createShop(handle: string, options?: { plan?: string; scopes?: string }): Promise<TestShop>;
  setShopState(handle: string, state: string): Promise<void>;
  /** Another app on an existing shop with the given scopes; returns its public storefront token. */
  createShopApp(shop: TestShop, scopes: string): Promise<string>;
  /** A shop filled by the seed generator (deterministic for `seed`), with an app holding every scope. */
  seedShop(handle: string, sizes: { products: number; customers?: number; orders?: number; seed?: number }): Promise<TestShop & { counts: SeedCounts }>;
  close(): Promise<void>;
}

/**
 * Boots the whole api on its own fresh database; one per test file. `env` overrides the environment,
 * `limits` the rate-limit numbers (tests that send many requests raise them, throttling tests shrink them),
 * `runtime` the GraphQL limits and the HTTP timeouts.
 */
export async function createTestApp(
  env: Record<string, string | undefined> = {},
  limits?: LimitOverrides,
  runtime: Pick<ApiRuntime, 'graphqlLimits' | 'httpTimeouts' | 'queues' | 'clock'> = {},
): Promise<TestApp> {
  const database = await cloneTestDatabase();
  // Files (images, bulk results) go to a directory of the app's own unless the test names one; it goes with the app.
  const dataDir = env.DATA_DIR === undefined ? await mkdtemp(join(tmpdir(), 'platform-test-data-')) : undefined;
  const config = loadConfig({ REDIS_URL: process.env.REDIS_URL, LOG_LEVEL: 'silent', ...(dataDir ? { DATA_DIR: dataDir } : {}), ...env, DATABASE_URL: database.url });
  const logger = createLogger(process.env.TEST_LOG_LEVEL ?? config.logLevel);
  const app = await createApiApp({ config, databaseUrl: database.url, logger, redisPrefix: `test-${randomBytes(4).toString('hex')}`, limits, ...runtime });
  const shops = app.get(ShopService);
  const auth = app.get(AuthService);
  return {
    app,
    databaseUrl: database.url,
    async createShop(handle, options = {}) {
      const shop = await shops.create({ handle, plan: options.plan });
      const tokens = await auth.installApp(shop.id, `${handle} app`, options.scopes ?? 'all');
      return { shop, host: `${handle}.${config.platformDomain}`, tokens };
    },
    async seedShop(handle, sizes) {
      const seeded = await app.get(DemoShopService).seedShop(handle, { customers: 0, orders: 0, ...sizes });
      const tokens = await auth.installApp(seeded.shop.id, `${handle} app`, 'all');
      return { shop: seeded.shop, host: `${handle}.${config.platformDomain}`, tokens, counts: seeded.counts! };
    },
    async createShopApp(shop, scopes) {
      return (await auth.installApp(shop.shop.id, 'limited app', scopes)).storefrontAccessToken;
    },
    async setShopState(handle, state) {
      await shops.setState(handle, state);
    },
    async close() {
      await app.close();
      await database.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
