import { readFileSync } from 'node:fs';
import { cliRunner } from '../../support/cli.js';
import { cloneTestDatabase } from '../../support/test-database.js';

describe('platform CLI', () => {
  let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    database = await cloneTestDatabase();
    env = { DATABASE_URL: database.url, LOG_LEVEL: 'silent' };
  });
  afterAll(() => database.drop());

  const cli = cliRunner(() => env);

  it('migrate --json prints one JSON line (nothing pending on a migrated database)', async () => {
    const res = await cli('migrate', '--json');
    expect(res.code).toBe(0);
    expect(res.out).toHaveLength(1);
    expect(res.json).toEqual({ ok: true, migrated: [] });
  });

  it('shop:create then shop:set-state', async () => {
    const created = await cli('shop:create', '--handle', 'cli-shop', '--name', 'CLI Shop', '--plan', 'plus', '--currency', 'eur', '--json');
    expect(created.code).toBe(0);
    expect(created.json).toMatchObject({ ok: true, shop: { handle: 'cli-shop', name: 'CLI Shop', plan: 'plus', currency: 'EUR', state: 'active', domain: 'cli-shop.myplatform.localhost' } });

    const frozen = await cli('shop:set-state', '--shop', 'cli-shop', '--state', 'frozen', '--json');
    expect(frozen.json).toMatchObject({ ok: true, shop: { handle: 'cli-shop', state: 'frozen' } });
  });

  it('app:create prints the three tokens as ARCHITECTURE.md names them', async () => {
    await cli('shop:create', '--handle', 'app-shop');
    const res = await cli('app:create', '--shop', 'app-shop', '--name', 'My app', '--scopes', 'read_products,write_customers', '--json');
    expect(res.code).toBe(0);
    expect(res.out).toHaveLength(1);
    expect(res.json).toEqual({
      ok: true,
      appId: expect.any(Number),
      adminAccessToken: expect.stringMatching(/^platat_[0-9a-f]{32}$/),
      storefrontAccessToken: expect.stringMatching(/^[0-9a-f]{32}$/),
      storefrontPrivateToken: expect.stringMatching(/^platsp_[0-9a-f]{32}$/),
    });
  });

  it('seed creates the demo shop with its app and fills it, sized by flags', async () => {
    const res = await cli('seed', '--shop', 'demo', '--products', '6', '--customers', '4', '--orders', '3', '--json');
    expect(res.code).toBe(0);
    expect(res.out).toHaveLength(1);
    expect(res.json).toMatchObject({
      ok: true,
      created: true,
      shop: { handle: 'demo', name: 'Demo Shop', plan: 'standard', currency: 'USD' },
      counts: { products: 6, customers: 4, orders: 3 },
      tokens: { adminAccessToken: expect.stringMatching(/^platat_/) },
    });
    expect(res.json.counts.variants).toBeGreaterThanOrEqual(12);
  });

  it('seed fills an existing shop', async () => {
    await cli('shop:create', '--handle', 'filled', '--currency', 'EUR');
    const res = await cli('seed', '--shop', 'filled', '--products', '3', '--customers', '0', '--orders', '0', '--json');
    expect(res.json).toMatchObject({ ok: true, created: false, shop: { handle: 'filled', currency: 'EUR' }, counts: { products: 3 } });
    expect(res.json.tokens).toBeUndefined();
    const bad = await cli('seed', '--shop', 'filled', '--products', 'many', '--json');
    expect(bad.json).toMatchObject({ ok: false, error: { message: '--products must be a whole number' } });
  });

  it('reports errors as one JSON line and a non-zero exit code', async () => {
    const dup = await cli('shop:create', '--handle', 'cli-shop', '--json');
    expect(dup.code).toBe(1);
    expect(dup.json).toMatchObject({ ok: false, error: { field: 'handle', message: 'has already been taken' } });

    const badState = await cli('shop:set-state', '--shop', 'cli-shop', '--state', 'asleep', '--json');
    expect(badState.json).toMatchObject({ ok: false, error: { field: 'state' } });

    const badScopes = await cli('app:create', '--shop', 'cli-shop', '--name', 'x', '--scopes', 'read_everything', '--json');
    expect(badScopes.json.error.message).toMatch(/read_everything/);

    const missing = await cli('shop:create', '--json');
    expect(missing.json).toMatchObject({ ok: false, error: { message: '--handle is required' } });

    const unknown = await cli('frobnicate', '--json');
    expect(unknown.code).toBe(2);
    expect(unknown.json).toMatchObject({ ok: false, error: { code: 'USAGE' } });
  });

  it('stops on a wrong environment value, naming the variable', async () => {
    env = { ...env, PORT: 'not-a-port' };
    const res = await cli('migrate', '--json');
    env = { DATABASE_URL: database.url, LOG_LEVEL: 'silent' };
    expect(res.code).toBe(1);
    expect(res.json.error.message).toMatch(/PORT/);
  });
  it("schema:print prints a surface's SDL as a version serves it: the file under schema/", async () => {
    const res = await cli('schema:print', '--surface', 'storefront', '--version', '2024-04');
    expect(res.code).toBe(0);
    expect(`${res.out.join('\n')}\n`).toBe(readFileSync('schema/storefront/2024-04.graphql', 'utf8'));
    const admin = await cli('schema:print', '--surface', 'admin', '--json');
    expect(admin.json).toEqual({ ok: true, surface: 'admin', version: '2026-10', sdl: readFileSync('schema/admin/2026-10.graphql', 'utf8') });
    expect((await cli('schema:print', '--surface', 'rest')).code).toBe(1);
    expect((await cli('schema:print', '--surface', 'admin', '--version', '2019-01')).code).toBe(1);
  }, 60_000);
});
