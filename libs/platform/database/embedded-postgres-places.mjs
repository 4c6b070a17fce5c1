// @ts-check
// As root, Postgres runs as the `postgres` system user, which must be able to enter the directories of its binaries
// and of its data. A checkout inside a private directory (a home directory, `mktemp -d`: mode 700) is out of its
// reach; then the binaries run from a root-owned copy and the data lives under /var/lib, linked from DATA_DIR.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, realpathSync,
  renameSync, rmSync, rmdirSync, statSync, symlinkSync,
} from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { EmbeddedPostgresError } from './embedded-postgres-errors.mjs';

/** @typedef {{ name: string, uid: number, gid: number }} SystemUser */
/** @typedef {{ binaryCache: string, relocatedData: string }} RootPlaces */

/** @type {RootPlaces} */
export const DEFAULT_ROOT_PLACES = {
  binaryCache: '/var/cache/platform/embedded-postgres',
  relocatedData: '/var/lib/platform/embedded-postgres',
};

const USER = 'postgres';

/** The `postgres` system user, created (as the embedded-postgres package does) when the machine has none. */
export function postgresSystemUser() {
  const found = lookupUser(USER);
  if (found) return found;
  try {
    // Exit code 9: the group exists already (a machine with the group but not the user).
    run('groupadd', ['--system', USER], [9]);
    run('useradd', ['--system', '--gid', USER, '--no-create-home', ...(existsSync('/usr/sbin/nologin') ? ['--shell', '/usr/sbin/nologin'] : []), USER]);
  } catch (error) {
    throw new EmbeddedPostgresError(
      `As root, the embedded Postgres runs as the system user ${USER}, which does not exist and could not be created ` +
        `(${error instanceof Error ? error.message : String(error)}). Create it (useradd --system ${USER}), ` +
        'start the platform as another user, or set DATABASE_URL to use another Postgres server.',
    );
  }
  const created = lookupUser(USER);
  if (!created) throw new EmbeddedPostgresError(`The system user ${USER} was created but cannot be found; set DATABASE_URL to use another Postgres server.`);
  return created;
}

/**
 * The binaries directory `user` can run from: `nativeDir` itself when it can enter it, else a copy made once per
 * version under `cacheRoot` (root-owned and writable only by root, since `user` runs what is in it).
 * @param {string} nativeDir
 * @param {SystemUser} user
 * @param {string} cacheRoot
 * @returns {{ nativeDir: string, notice?: string }}
 */
export function binariesFor(nativeDir, user, cacheRoot) {
  const blocked = blockedDirectory(nativeDir, user);
  if (!blocked) return { nativeDir };
  const copy = join(cacheRoot, `${packageVersion(nativeDir)}-${process.platform}-${process.arch}`);
  if (!existsSync(copy)) copyReadable(nativeDir, copy);
  const stat = lstatSync(copy);
  if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
    throw new EmbeddedPostgresError(
      `${copy} must be a directory owned by root and writable by root only (the ${user.name} user runs the programs in it); remove it and start again.`,
    );
  }
  const stillBlocked = blockedDirectory(copy, user);
  if (stillBlocked) {
    throw new EmbeddedPostgresError(`The system user ${user.name} cannot enter ${describe(stillBlocked)}, where the embedded Postgres binaries were copied; make it enterable (chmod o+x) or set DATABASE_URL to use another Postgres server.`);
  }
  return { nativeDir: copy, notice: `The system user ${user.name} cannot enter ${describe(blocked)}; the embedded Postgres runs from a copy of its binaries in ${copy}` };
}

/**
 * The directory of the cluster of DATA_DIR: `<dataDir>/postgres` when `user` can enter DATA_DIR, else a directory
 * under `dataRoot` named after DATA_DIR's path, which `<dataDir>/postgres` links to (so the data follows the link
 * if the checkout moves, and `ls -l` shows where it is).
 * @param {string} dataDir
 * @param {SystemUser} user
 * @param {string} dataRoot
 * @returns {{ clusterDir: string, notice?: string }}
 */
export function clusterDirFor(dataDir, user, dataRoot) {
  makeDirectory(dataDir);
  const link = join(dataDir, 'postgres');
  const existing = lstatSync(link, { throwIfNoEntry: false });
  const blocked = blockedDirectory(dataDir, user);
  if (existing?.isSymbolicLink()) return relocated(link, resolve(dataDir, readlinkSync(link)), user, blocked);
  if (!blocked) return { clusterDir: link };
  if (existing) {
    // A cluster made while the path was reachable stays put: moving someone's data is for them to decide.
    if (existsSync(join(link, 'PG_VERSION')) || readdirSync(link).length > 0) {
      throw new EmbeddedPostgresError(
        `The embedded Postgres data in ${link} is out of reach of the system user ${user.name}, which cannot enter ${describe(blocked)}. ` +
          `Move it to a directory that user can enter and set DATA_DIR to that directory, or set DATABASE_URL to use another Postgres server.`,
      );
    }
    // An empty directory left by a start that failed on exactly this.
    rmdirSync(link);
  }
  const target = join(dataRoot, createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 16));
  makeDirectory(dataRoot);
  try {
    symlinkSync(target, link);
  } catch (error) {
    // Another process of the same checkout starting at the same moment made the link first.
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST' || !lstatSync(link).isSymbolicLink()) throw error;
    return relocated(link, resolve(dataDir, readlinkSync(link)), user, blocked);
  }
  return relocated(link, target, user, blocked);
}

/**
 * @param {string} link
 * @param {string} target
 * @param {SystemUser} user
 * @param {string | null} blocked
 */
function relocated(link, target, user, blocked) {
  const why = blocked ? `The system user ${user.name} cannot enter ${describe(blocked)}, so the` : 'The';
  return { clusterDir: target, notice: `${why} embedded Postgres keeps its data in ${target} (linked from ${link}; delete both to start afresh)` };
}

/**
 * The first directory on the way to `path` (itself included) that `user` may not enter, or null. Mode bits as the
 * kernel reads them for a process of that uid and gid (Node drops supplementary groups when it switches user).
 * @param {string} path
 * @param {SystemUser} user
 */
export function blockedDirectory(path, user) {
  const real = realpathSync(path);
  /** @type {string} */
  let dir = sep;
  for (const part of ['', ...real.split(sep).filter(Boolean)]) {
    dir = join(dir, part);
    const stat = statSync(dir);
    const bit = stat.uid === user.uid ? 0o100 : stat.gid === user.gid ? 0o010 : 0o001;
    if ((stat.mode & bit) === 0) return dir;
  }
  return null;
}

/** `path` created when missing; directories created here get mode 755 whatever the umask (others must enter them). */
export function makeDirectory(/** @type {string} */ path) {
  const first = mkdirSync(path, { recursive: true });
  if (!first) return;
  for (let dir = path; ; dir = dirname(dir)) {
    chmodSync(dir, 0o755);
    if (dir === first || relative(first, dir).startsWith('..')) break;
  }
}

/**
 * @param {string} from
 * @param {string} to
 */
function copyReadable(from, to) {
  makeDirectory(dirname(to));
  // Copied aside and renamed, so a half-made copy (a crash, a concurrent start) is never used.
  const partial = mkdtempSync(join(dirname(to), '.partial-'));
  try {
    cpSync(from, partial, { recursive: true, verbatimSymlinks: true });
    readableByAll(partial);
    renameSync(partial, to);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(to)) throw error;
  }
}

/** chmod -R go+rX, minus symlinks: the installed files' modes followed the umask of whoever ran `npm ci`. */
function readableByAll(/** @type {string} */ dir) {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) readableByAll(path);
    else if (entry.isFile()) {
      const mode = statSync(path).mode & 0o777;
      chmodSync(path, mode | 0o044 | (mode & 0o100 ? 0o011 : 0));
    }
  }
}

function packageVersion(/** @type {string} */ nativeDir) {
  try {
    return String(JSON.parse(readFileSync(join(nativeDir, '..', 'package.json'), 'utf8')).version);
  } catch {
    return createHash('sha256').update(realpathSync(nativeDir)).digest('hex').slice(0, 16);
  }
}

function describe(/** @type {string} */ dir) {
  return `${dir} (mode ${(statSync(dir).mode & 0o777).toString(8)})`;
}

/** @returns {SystemUser | null} */
function lookupUser(/** @type {string} */ name) {
  try {
    const id = (/** @type {string} */ flag) => Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { name, uid: id('-u'), gid: id('-g') };
  } catch {
    return null;
  }
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {number[]} [alsoFine]  exit codes that are not failures
 */
function run(command, args, alsoFine = []) {
  try {
    execFileSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    const failure = /** @type {NodeJS.ErrnoException & { status?: number, stderr?: Buffer }} */ (error);
    if (failure.status !== undefined && alsoFine.includes(failure.status)) return;
    throw new Error(`${command}: ${failure.stderr?.toString().trim() || failure.code || `exit code ${failure.status}`}`);
  }
}
