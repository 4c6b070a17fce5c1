// @ts-check
// The Postgres that another process of this checkout started on the same cluster (the api while the CLI runs, or two
// processes starting at once), found by its postmaster.pid: Postgres writes that file first thing at start (which is
// what makes a second server on the cluster fail) and keeps its status line current.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDirectoryInUse } from './embedded-postgres-errors.mjs';

/**
 * @typedef {object} RunningServer
 * @property {number} pid
 * @property {string} clusterDir  the data directory as the server was given it
 * @property {number} port
 * @property {string} host  where it listens over TCP
 * @property {string} status  `starting`, `ready`, `stopping` or `standby`
 */

const POLL_MS = 100;
/** A server still starting may be recovering after a crash; a start that takes longer than this is stuck. */
const READY_WITHIN_MS = 60_000;

/**
 * The live server whose postmaster.pid is in `clusterDir`, or null: no file, or one left by a server that died
 * (its pid gone or now another program's).
 * @param {string} clusterDir
 * @returns {RunningServer | null}
 */
export function runningServer(clusterDir) {
  let lines;
  try {
    lines = readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  // Lines: pid, data directory, start time, port, socket directory, listen address, shared memory key, status.
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  // A file Postgres is still writing has no port yet: not a server to connect to so far.
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0 || !isPostgres(pid)) return null;
  return { pid, clusterDir: lines[1] || clusterDir, port, host: tcpHost(lines[5]?.trim() ?? ''), status: lines[7]?.trim() ?? '' };
}

/**
 * The cluster's server once it accepts connections, or null when there is none or it exits first (a start that
 * failed, a server shutting down: the caller then starts its own).
 * @param {string} clusterDir
 * @returns {Promise<RunningServer | null>}
 */
export async function readyServer(clusterDir) {
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    const server = runningServer(clusterDir);
    if (!server || server.status === 'ready') return server;
    if (Date.now() > deadline) throw dataDirectoryInUse(server.pid, server.clusterDir);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** @param {number} pid */
function isPostgres(pid) {
  try {
    // A file left by a crash may name a pid that is now another program's: only a live postgres counts.
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    if (existsSync('/proc/self')) return false;
  }
  // No /proc (macOS): whether the pid lives at all. EPERM: it does, as another user (root runs it as postgres).
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/** A wildcard listen address accepts connections on the loopback too. */
function tcpHost(/** @type {string} */ address) {
  if (address === '' || address === '*') return 'localhost';
  if (address === '0.0.0.0') return '127.0.0.1';
  if (address === '::') return '::1';
  return address;
}
