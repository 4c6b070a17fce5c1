import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { type EmbeddedDatabase, EmbeddedPostgresError, databaseUrl, startEmbeddedPostgres, withMaintenanceClient } from '@platform/database';

const run = promisify(execFile);
const CLI = resolve(import.meta.dirname, '../apps/cli/main.js');
// Its own port by default, so the bench runs beside `npm start` (54329) and `npm test` (54330).
const EMBEDDED_BENCH_PORT = Number(process.env.EMBEDDED_POSTGRES_PORT ?? 54331);

export interface BenchDatabase {
  url: string;
  /** Where the server lives: the user's DATABASE_URL, or an embedded Postgres of the bench's own. */
  server: 'DATABASE_URL' | 'embedded';
  drop(): Promise<void>;
}

/**
 * A fresh database for this run (dropped afterwards) on DATABASE_URL's server, or on an embedded Postgres
 * under .data/bench when DATABASE_URL is unset; migrated and seeded through the operator CLI.
 */
export async function createBenchDatabase(products: number, customers: number, orders: number): Promise<BenchDatabase> {
  const given = process.env.DATABASE_URL;
  const embedded = given ? null : await startEmbedded();
  const serverUrl = given ?? embedded!.url;
  const name = `platform_bench_${Date.now().toString(36)}`;
  await withMaintenanceClient(serverUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = databaseUrl(serverUrl, name);
  const drop = async () => {
    await withMaintenanceClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    await embedded?.stop();
  };
  try {
    await platformCli(url, ['migrate']);
    await platformCli(url, ['seed', '--products', String(products), '--customers', String(customers), '--orders', String(orders)]);
  } catch (error) {
    await drop();
    throw error;
  }
  return { url, server: given ? 'DATABASE_URL' : 'embedded', drop };
}

async function startEmbedded(): Promise<EmbeddedDatabase> {
  try {
    return await startEmbeddedPostgres({ dataDir: resolve('.data/bench'), port: EMBEDDED_BENCH_PORT, database: 'postgres' });
  } catch (error) {
    // Its message says what to do; an uncaught rejection would bury it under Node's dump of the error object.
    if (!(error instanceof EmbeddedPostgresError)) throw error;
    process.stderr.write(`bench: ${error.message}\n`);
    process.exit(1);
  }
}

async function platformCli(url: string, args: string[]): Promise<unknown> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' };
  delete env.REDIS_URL;
  const { stdout } = await run(process.execPath, [CLI, ...args, '--json'], { env, maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}
