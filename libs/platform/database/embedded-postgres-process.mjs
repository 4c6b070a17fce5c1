// @ts-check
// Runs initdb and the postgres server as child processes: every failure (spawn errors included, which Node emits as
// an 'error' event that crashes the process when nobody listens) becomes an EmbeddedPostgresError.
import { spawn } from 'node:child_process';
import { describeInitFailure, describeSpawnFailure, describeStartFailure } from './embedded-postgres-errors.mjs';

/** @typedef {{ uid: number, gid: number, name: string }} RunAs */

const READY = 'database system is ready to accept connections';
const LOG_KEPT = 64 * 1024;
const STOP_GRACE_MS = 15_000;

/**
 * Runs `initdb` to completion.
 * @param {string} path
 * @param {string[]} args
 * @param {string} clusterDir
 * @param {RunAs | undefined} user
 */
export function runInitdb(path, args, clusterDir, user) {
  return new Promise((resolve, reject) => {
    const child = spawn(path, args, options(user));
    let log = '';
    const keep = (/** @type {Buffer} */ chunk) => {
      log = (log + chunk.toString('utf8')).slice(-LOG_KEPT);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    // Kept for the child's whole life: an 'error' event nobody listens to (a failed spawn or kill) crashes the process.
    child.on('error', (error) => reject(describeSpawnFailure(path, error, user?.name)));
    child.once('close', (code, signal) => {
      if (code === 0) resolve(undefined);
      else reject(describeInitFailure('initdb', log || `exit code ${code ?? signal}`, clusterDir));
    });
  });
}

/**
 * A postgres server that has said it accepts connections; stopped with `stop()`, and when this process exits.
 * @param {string} path
 * @param {{ clusterDir: string, port: number, user: RunAs | undefined }} server
 * @returns {Promise<{ stop(): Promise<void> }>}
 */
export function startServer(path, { clusterDir, port, user }) {
  return new Promise((resolve, reject) => {
    const child = spawn(path, ['-D', clusterDir, '-p', String(port)], options(user));
    let log = '';
    let ready = false;
    // The pipe is read for the server's whole life: a full pipe would block its logging.
    child.stderr?.on('data', (/** @type {Buffer} */ chunk) => {
      if (ready) return;
      log = (log + chunk.toString('utf8')).slice(-LOG_KEPT);
      if (!log.includes(READY)) return;
      ready = true;
      resolve(handleOf(child));
    });
    child.stdout?.resume();
    // Kept for the child's whole life: an 'error' event nobody listens to (a failed spawn or kill) crashes the process.
    child.on('error', (error) => reject(describeSpawnFailure(path, error, user?.name)));
    child.once('exit', () => {
      if (!ready) reject(describeStartFailure(log, { port, clusterDir }));
    });
  });
}

/**
 * @param {RunAs | undefined} user
 * @returns {import('node:child_process').SpawnOptions}
 */
function options(user) {
  // English messages: failures are recognised by their text (describeStartFailure).
  const env = { ...process.env, LC_MESSAGES: 'C' };
  return { stdio: ['ignore', 'pipe', 'pipe'], env, ...(user ? { uid: user.uid, gid: user.gid } : {}) };
}

const SIGNALS = /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']);
/** Servers of this process that are up: a fast shutdown when the process ends, so none outlives it and blocks its port. */
const running = new Set(/** @type {import('node:child_process').ChildProcess[]} */ ([]));

const stopAll = () => {
  for (const child of running) child.kill('SIGINT');
};

/** @param {NodeJS.Signals} signal */
const onSignal = (signal) => {
  // Only when nobody else handles the signal (the api and the worker shut down themselves, closing the database).
  if (process.listenerCount(signal) > 1) return;
  stopAll();
  running.clear();
  unwatch();
  process.kill(process.pid, signal);
};

function watch(/** @type {import('node:child_process').ChildProcess} */ child) {
  if (running.size === 0) {
    process.on('exit', stopAll);
    for (const signal of SIGNALS) process.on(signal, onSignal);
  }
  running.add(child);
}

/** @param {import('node:child_process').ChildProcess} [child] */
function unwatch(child) {
  if (child) running.delete(child);
  if (running.size > 0) return;
  process.off('exit', stopAll);
  for (const signal of SIGNALS) process.off(signal, onSignal);
}

/** @param {import('node:child_process').ChildProcess} child */
function handleOf(child) {
  const exited = new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(undefined) : child.once('exit', resolve)));
  watch(child);
  void exited.then(() => unwatch(child));
  return {
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGQUIT'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
