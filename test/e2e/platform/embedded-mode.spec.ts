import { chmodSync, lstatSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '@platform/config';
import { type OpenDatabase, migrateDatabase, openDatabase } from '@platform/database';
import { createLogger } from '@platform/logging';
import { createApiApp } from '../../../apps/api/create-api-app.js';
import { DemoShopService, demoTokens } from '@platform/seed';
import { VERSION, send, storefrontQuery } from '../../support/http.js';

// `npm start` with no DATABASE_URL and no REDIS_URL: embedded Postgres, in-process throttle store and queue.
describe('embedded mode (no DATABASE_URL, no REDIS_URL)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-embedded-'));
  let database: OpenDatabase;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    // Enterable by everyone, as a checkout's directory usually is (the private case is test/integration/database).
    chmodSync(dataDir, 0o755);
    const config = loadConfig({ DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: '54331', LOG_LEVEL: 'silent' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    database = await openDatabase(config);
    app = await createApiApp({ config, databaseUrl: database.url, logger: createLogger('silent') });
    await migrateDatabase(app.get(MikroORM));
    await app.get(DemoShopService).ensureDemoShop();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('uses an embedded Postgres under DATA_DIR', () => {
    expect(database.embedded).toBe(true);
    expect(database.url).toContain(':54331/');
    expect(database.embeddedAt).toEqual({ clusterDir: join(dataDir, 'postgres'), notices: [] });
    expect(lstatSync(join(dataDir, 'postgres', 'PG_VERSION')).isFile()).toBe(true);
  });

  it('reports its dependencies on /healthz', async () => {
    const res = await send(app, { url: '/healthz', host: 'localhost:3000' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', postgres: 'ok', redis: 'in-process', queue: 'in-process' });
  });

  it('serves the demo shop on localhost with the documented demo tokens', async () => {
    const tokens = demoTokens();
    const rest = await send(app, { url: `/admin/api/${VERSION}/shop.json`, host: 'localhost:3000', headers: { 'x-platform-access-token': tokens.adminAccessToken } });
    expect(rest.status).toBe(200);
    expect(rest.body.shop).toMatchObject({ name: 'Demo Shop', domain: 'demo.myplatform.localhost', currency: 'USD', plan_name: 'standard' });
    const storefront = await storefrontQuery(app, '127.0.0.1', '{ shop { name } }', { 'x-platform-storefront-access-token': tokens.storefrontAccessToken });
    expect(storefront.body).toEqual({ data: { shop: { name: 'Demo Shop' } } });
  });

  it('does not create the demo shop twice', async () => {
    const again = await app.get(DemoShopService).ensureDemoShop();
    expect(again?.created).toBe(false);
  });
});
