import { createHash, randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { databaseUrl, migrateDatabase, ormConfig, withMaintenanceClient } from '@platform/database';
import { MIGRATIONS } from '../../migrations/index.js';

function serverUrl(): string {
  const url = process.env.PLATFORM_TEST_SERVER_URL;
  if (!url) throw new Error('Test database server not prepared: run tests through `npm test`');
  return url;
}

export function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  return withMaintenanceClient(serverUrl(), run);
}

// One template per set of migrations, built by whichever test file needs it first (under an advisory
// lock, so parallel workers build it once); every file then clones it instead of migrating. The name hashes each
// migration's code too, so editing a migration that is not yet released builds a new template.
const TEMPLATE = `platform_template_${createHash('sha256').update(MIGRATIONS.map((m) => `${m.name}\n${m.class.toString()}`).join('\n')).digest('hex').slice(0, 12)}`;
const TEMPLATE_LOCK = 4_242_001;

// Templates of older migrations: dropped once a new one exists, unless a test run still clones one (then next time).
async function dropOtherTemplates(client: pg.Client): Promise<void> {
  const old = await client.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE 'platform\\_template\\_%' AND datname NOT LIKE '%\\_building' AND datname <> $1`,
    [TEMPLATE],
  );
  for (const { datname } of old.rows) await client.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
}

async function ensureTemplate(): Promise<void> {
  await withAdminClient(async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE]);
      if (found.rowCount) return;
      const building = `${TEMPLATE}_building`;
      await client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${building}"`);
      const orm = await MikroORM.init(ormConfig({ url: databaseUrl(serverUrl(), building), migrations: MIGRATIONS, poolSize: 1 }));
      try {
        await migrateDatabase(orm);
      } finally {
        await orm.close(true);
      }
      await client.query(`ALTER DATABASE "${building}" RENAME TO "${TEMPLATE}"`);
      await dropOtherTemplates(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
}

/** An empty database of its own, for tests that apply the migrations themselves. */
export async function createEmptyTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `platform_test_${process.env.PLATFORM_TEST_RUN ?? 'adhoc'}_${randomBytes(6).toString('hex')}`;
  await withAdminClient((c) => c.query(`CREATE DATABASE "${name}"`));
  return {
    url: databaseUrl(serverUrl(), name),
    drop: () => withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

/** A fresh, migrated database of its own for one test file (a clone: tens of milliseconds). */
export async function cloneTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  await ensureTemplate();
  const name = `platform_test_${process.env.PLATFORM_TEST_RUN ?? 'adhoc'}_${randomBytes(6).toString('hex')}`;
  await withAdminClient((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE}"`));
  return {
    url: databaseUrl(serverUrl(), name),
    drop: () => withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
