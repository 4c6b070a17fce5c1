import { chmodSync, lstatSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
import { runCli } from '../../../apps/cli/run-cli.js';
import { freePorts } from '../../support/free-ports.js';
import { blockedDirectory, postgresSystemUser } from '../../../libs/platform/database/embedded-postgres-places.mjs';

const [PORT] = (await freePorts(1)) as [number];

// `npm start` with no DATABASE_URL and no REDIS_URL: embedded Postgres, in-process throttle store, jobs in that Postgres.
describe('embedded mode (no DATABASE_URL, no REDIS_URL)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-embedded-'));
  let database: OpenDatabase;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    // Enterable by everyone, as a checkout's directory usually is (the private case is test/integration/database).
    chmodSync(dataDir, 0o755);
    const config = loadConfig({ DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(PORT), LOG_LEVEL: 'silent' });
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
    expect(database.url).toContain(`:${PORT}/`);
    // The data stays under DATA_DIR (enterable); a checkout the postgres user cannot enter (a root's mode-700
    // directory, as the README allows) runs the binaries from a copy and says so, nothing else.
    const privateCheckout = process.getuid?.() === 0 && blockedDirectory(process.cwd(), postgresSystemUser()) !== null;
    expect(database.embeddedAt).toEqual({
      clusterDir: join(dataDir, 'postgres'),
      notices: privateCheckout ? [expect.stringMatching(/cannot enter .* runs from a copy of its binaries/)] : [],
    });
    expect(lstatSync(join(dataDir, 'postgres', 'PG_VERSION')).isFile()).toBe(true);
  });

  it('reports its dependencies on /healthz', async () => {
    const res = await send(app, { url: '/healthz', host: 'localhost:3000' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', postgres: 'ok', redis: 'in-process', queue: 'postgres' });
  });

  it('serves the demo shop on localhost with the documented demo tokens', async () => {
    const tokens = demoTokens();
    const rest = await send(app, { url: `/admin/api/${VERSION}/shop.json`, host: 'localhost:3000', headers: { 'x-platform-access-token': tokens.adminAccessToken } });
    expect(rest.status).toBe(200);
    expect(rest.body.shop).toMatchObject({ name: 'Demo Shop', domain: 'demo.myplatform.localhost', currency: 'USD', plan_name: 'standard' });
    const storefront = await storefrontQuery(app, '127.0.0.1', '{ shop { name } }', { 'x-platform-storefront-access-token': tokens.storefrontAccessToken });
    expect(storefront.body).toEqual({ data: { shop: { name: 'Demo Shop' } } });
  });

  // `npm start`, then `npm run platform -- …` in another terminal: the CLI finds the platform's Postgres running on
  // DATA_DIR and uses it, instead of failing to start a second one.
  it('the CLI runs against the running platform\'s Postgres and leaves it serving', async () => {
    const postmaster = () => readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0];
    const pid = postmaster();
    const cli = async (...argv: string[]) => {
      const out: string[] = [];
      const env = { DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(PORT), LOG_LEVEL: 'silent' };
      const code = await runCli(argv, { stdout: (l) => out.push(l), stderr: () => undefined, env });
      return { code, json: JSON.parse(out[0]!) };
    };

    const created = await cli('app:create', '--shop', 'demo', '--name', 'Side app', '--scopes', 'all', '--json');
    expect(created).toEqual({ code: 0, json: expect.objectContaining({ ok: true, adminAccessToken: expect.stringMatching(/^platat_/) }) });
    const outbox = await cli('mail:list', '--json');
    expect(outbox).toEqual({ code: 0, json: { ok: true, emails: expect.any(Array) } });

    // The CLI has exited; the platform's Postgres is the same server, and the token the CLI made works there.
    expect(postmaster()).toBe(pid);
    const health = await send(app, { url: '/healthz', host: 'localhost:3000' });
    expect(health.body).toMatchObject({ status: 'ok', postgres: 'ok' });
    const rest = await send(app, { url: `/admin/api/${VERSION}/shop.json`, host: 'localhost:3000', headers: { 'x-platform-access-token': created.json.adminAccessToken } });
    expect(rest.status).toBe(200);
    expect(rest.body.shop).toMatchObject({ name: 'Demo Shop' });
  }, 60_000);

  it('does not create the demo shop twice', async () => {
    const again = await app.get(DemoShopService).ensureDemoShop();
    expect(again?.created).toBe(false);
  });
});
