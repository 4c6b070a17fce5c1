// @ts-check
// Plain JS so that Jest's global setup (loaded outside its transform) shares it with the app; see embedded-postgres.mjs.

const DATABASE_URL_HINT = 'or set DATABASE_URL to use another Postgres server';

/**
 * A start failure of the embedded Postgres, told in one line that says what to do. Its stack is that line:
 * the frames say nothing to someone starting the platform, and printers (Jest, the CLI) show the stack.
 */
export class EmbeddedPostgresError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(oneLine(message));
    this.name = 'EmbeddedPostgresError';
    this.stack = this.message;
  }
}

/** @param {number} port */
export function portInUse(port) {
  return new EmbeddedPostgresError(
    `The embedded Postgres cannot listen on port ${port}: the port is already in use (another platform checkout on this machine?). ` +
      `Stop that process or set EMBEDDED_POSTGRES_PORT to a free port, ${DATABASE_URL_HINT}.`,
  );
}

/**
 * @param {number} pid
 * @param {string} clusterDir
 */
export function dataDirectoryInUse(pid, clusterDir) {
  return new EmbeddedPostgresError(
    `Another Postgres (pid ${pid}) is already running on the embedded data directory ${clusterDir}: stop the platform process ` +
      `that uses this DATA_DIR (if none is left, stop that Postgres: kill ${pid}), give this one its own DATA_DIR, ${DATABASE_URL_HINT}.`,
  );
}

/**
 * What Postgres' own log says about a server that exited before it was ready.
 * @param {string} log  its stderr (LC_MESSAGES=C)
 * @param {{ port: number, clusterDir: string }} where
 */
export function describeStartFailure(log, { port, clusterDir }) {
  if (/could not bind .*Address already in use|could not create any TCP\/IP sockets|lock file ".*\.s\.PGSQL\.\d+\.lock" already exists/.test(log)) {
    return portInUse(port);
  }
  const holder = /Is another postmaster \(PID (\d+)\) running in data directory/.exec(log);
  if (holder) return dataDirectoryInUse(Number(holder[1]), clusterDir);
  return new EmbeddedPostgresError(
    `The embedded Postgres (data ${clusterDir}, port ${port}) stopped while starting: ${firstProblem(log)}. ` +
      `Fix the cause, ${DATABASE_URL_HINT}.`,
  );
}

/**
 * @param {string} what  e.g. `initdb` or `postgres`
 * @param {string} log  the program's output
 * @param {string} clusterDir
 */
export function describeInitFailure(what, log, clusterDir) {
  return new EmbeddedPostgresError(
    `Could not create the embedded Postgres data directory ${clusterDir}: ${what} failed: ${firstProblem(log)}. ` +
      `Remove ${clusterDir} if it holds nothing you need and start again, ${DATABASE_URL_HINT}.`,
  );
}

/**
 * A program that could not even be started (its file unreadable, missing, not executable for the user).
 * @param {string} path
 * @param {NodeJS.ErrnoException} error
 * @param {string | undefined} user  the system user it was run as, when not the current one
 */
export function describeSpawnFailure(path, error, user) {
  return new EmbeddedPostgresError(
    `Could not run ${path}${user ? ` as the system user ${user}` : ''}: ${error.code ?? error.message}. ` +
      `Reinstall the dependencies (npm ci), ${DATABASE_URL_HINT}.`,
  );
}

/**
 * Anything else that went wrong on the way (a read-only file system, a missing command), as one line.
 * @param {unknown} error
 * @param {{ dataDir: string, port: number }} where
 */
export function describeUnexpected(error, { dataDir, port }) {
  if (error instanceof EmbeddedPostgresError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new EmbeddedPostgresError(`Could not start the embedded Postgres (DATA_DIR ${dataDir}, port ${port}): ${detail}. Fix the cause, ${DATABASE_URL_HINT}.`);
}

/** The line of a Postgres log that names the problem: its first FATAL/PANIC/ERROR, else its last line. */
function firstProblem(/** @type {string} */ log) {
  const lines = log.split('\n').map((line) => line.trim()).filter(Boolean);
  const problem = lines.find((line) => /\b(FATAL|PANIC|ERROR):|^\w+: error:/.test(line)) ?? lines.at(-1) ?? 'no output';
  // Drop what Postgres puts before the message (timestamp, pid, severity) and initdb's `initdb: error:`.
  return problem.replace(/^.*?\b(FATAL|PANIC|ERROR):\s*/, '').replace(/^\w+: error:\s*/, '');
}

function oneLine(/** @type {string} */ text) {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
