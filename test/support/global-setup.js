// Plain JS: Jest loads global setup outside its transform. Starts an embedded Postgres for the run when
// DATABASE_URL is not set, so `npm test` works on a machine with nothing installed; the start is the app's own
// (a plain module for this reason), so it works from the same places and fails with the same one-line messages.
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../libs/platform/database/embedded-postgres.mjs';
import { buildWhenStale, findOrInstallChromium } from './prepare-run.js';

export default async function globalSetup() {
  buildWhenStale();
  findOrInstallChromium();
  // Databases of this run carry its id, so teardown drops only its own (two runs may share a server).
  process.env.PLATFORM_TEST_RUN = Math.random().toString(36).slice(2, 10);
  if (process.env.DATABASE_URL) {
    process.env.PLATFORM_TEST_SERVER_URL = process.env.DATABASE_URL;
    return;
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: join(process.cwd(), '.data', 'test'),
    port: Number(process.env.EMBEDDED_POSTGRES_PORT ?? 54330),
    database: 'postgres',
  });
  for (const notice of embedded.notices) process.stderr.write(`${notice}\n`);
  globalThis.__PLATFORM_TEST_PG__ = embedded;
  process.env.PLATFORM_TEST_SERVER_URL = embedded.url;
}
