// Plain JS (Jest's global setup loads it untransformed). What `npm test` needs beyond the database, made ready on a
// fresh clone so the README's one command is enough: the production build that the process tests start
// (`node dist/…`, as `npm start` runs it), a Chromium for the page tests, and a Redis for the Redis adapters' suites.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SOURCES = ['apps', 'libs', 'migrations', 'bench'];
// Written after a build this way: an incremental build rewrites only the outputs that changed.
const BUILT = join('dist', '.built-for-tests');

/** Runs `npm run build` when dist/ is missing or older than a source file (a stale build would test old code). */
export function buildWhenStale(root = process.cwd()) {
  const built = join(root, BUILT);
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  if (builtAt > 0 && newestSource(root) <= builtAt) return false;
  process.stderr.write('npm test: building dist/ for the tests that start the platform as `npm start` does…\n');
  const started = Date.now();
  try {
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  } catch {
    // The other tests still run; those that start dist/ fail on the build they find (or say it is missing).
    process.stderr.write('npm test: the build failed (above); the tests that start dist/ will fail\n');
    return false;
  }
  writeFileSync(built, `${new Date(started).toISOString()}\n`);
  return true;
}

function newestSource(root) {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|mts|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.spec.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of SOURCES) if (existsSync(join(root, dir))) walk(join(root, dir));
  for (const file of ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json']) if (existsSync(join(root, file))) newest = Math.max(newest, statSync(join(root, file)).mtimeMs);
  return newest;
}

/**
 * The Chromium the page tests drive: CHROMIUM_PATH, else Debian's `chromium` on PATH, installed with apt-get when
 * missing and the run may (root with apt-get, as on the README's fresh machine). Sets CHROMIUM_PATH for the tests;
 * without one, says what to install and leaves the page tests to fail naming it.
 */
export function findOrInstallChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  let found = which('chromium');
  if (!found && process.getuid?.() === 0 && which('apt-get')) {
    process.stderr.write('npm test: installing Debian\'s chromium for the page tests (apt-get)…\n');
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore' });
      execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    } catch (error) {
      process.stderr.write(`npm test: could not install chromium (${error.message}); the page tests need it: apt-get install chromium\n`);
    }
    found = which('chromium');
  }
  if (!found) {
    process.stderr.write('npm test: no chromium on PATH; the page tests need Debian\'s chromium (apt-get install chromium) or CHROMIUM_PATH\n');
    return undefined;
  }
  process.env.CHROMIUM_PATH = found;
  return found;
}

// The machine's Redis, where the suites of the Redis adapters look when REDIS_URL is unset (test/support/test-redis.ts).
const MACHINE_REDIS = { host: '127.0.0.1', port: 6379 };
const REDIS_NEEDED_BY = 'the suites of the Redis adapters (BullMQ, the Redis bucket store, roles api and worker)';

/**
 * A Redis for the suites that test the Redis adapters; everything else runs on the embedded default (no REDIS_URL).
 * REDIS_URL's when set (not checked: the user chose it). Else the machine's on 127.0.0.1:6379; when nothing listens
 * there and `redis-server` is installed, one started on that port for this run (no persistence, its files in a
 * temporary directory), which `stopTestRedis` stops. Redis is not installed for the run, unlike chromium: its
 * package enables a system service. When there is none, says what to do and puts the reason in
 * PLATFORM_TEST_REDIS_MISSING, which those suites fail with.
 * @returns {Promise<{ url: string, stop?: () => Promise<void> } | undefined>}
 */
export async function findOrStartRedis() {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL };
  const url = `redis://${MACHINE_REDIS.host}:${MACHINE_REDIS.port}`;
  const found = await pingRedis(MACHINE_REDIS);
  if (found === 'PONG') return { url };
  let problem;
  if (found !== 'refused') {
    problem = `something on ${MACHINE_REDIS.host}:${MACHINE_REDIS.port} does not answer as a Redis without a password would (${found}): set REDIS_URL to a Redis the tests may use`;
  } else if (!which('redis-server')) {
    problem = `no Redis on ${MACHINE_REDIS.host}:${MACHINE_REDIS.port} and no redis-server to start one: install Redis (apt-get install redis-server) or set REDIS_URL`;
  } else {
    try {
      const started = await startRedisServer(MACHINE_REDIS);
      process.stderr.write(`npm test: started redis-server on ${MACHINE_REDIS.host}:${MACHINE_REDIS.port} for this run (nothing answered there)\n`);
      return { url, stop: started.stop };
    } catch (error) {
      problem = `no Redis on ${MACHINE_REDIS.host}:${MACHINE_REDIS.port}, and redis-server did not start there: ${error.message}; start one or set REDIS_URL`;
    }
  }
  process.env.PLATFORM_TEST_REDIS_MISSING = `${REDIS_NEEDED_BY} need a Redis: ${problem}`;
  process.stderr.write(`npm test: ${problem}; ${REDIS_NEEDED_BY} will fail saying so\n`);
  return undefined;
}

/**
 * What a Redis at `host:port` answers to PING: `PONG`, `refused` when nothing listens, else what it said or why not.
 * @param {{ host: string, port: number }} at
 * @returns {Promise<string>}
 */
export function pingRedis({ host, port }, timeoutMs = 2_000) {
  return new Promise((answer) => {
    const socket = connect({ host, port });
    let reply = '';
    const done = (/** @type {string} */ result) => {
      socket.destroy();
      answer(result);
    };
    socket.setTimeout(timeoutMs, () => done(`no answer to PING in ${timeoutMs} ms`));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
      const line = reply.indexOf('\r\n');
      if (line >= 0) done(reply.slice(0, line) === '+PONG' ? 'PONG' : `PING answered ${JSON.stringify(reply.slice(0, Math.min(line, 80)))}`);
    });
    socket.on('error', (error) => done(/** @type {NodeJS.ErrnoException} */ (error).code === 'ECONNREFUSED' ? 'refused' : error.message));
    socket.on('end', () => done('the connection was closed without an answer'));
  });
}

/** @param {{ host: string, port: number }} at */
async function startRedisServer({ host, port }) {
  const dir = mkdtempSync(join(tmpdir(), 'platform-test-redis-'));
  const log = join(dir, 'redis.log');
  const args = ['--bind', host, '--port', String(port), '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--dir', dir, '--logfile', log];
  const child = spawn('redis-server', args, { stdio: 'ignore' });
  /** @type {{ code: number | null, signal: string | null } | Error | undefined} */
  let exit;
  const exited = new Promise((resolve) => {
    child.once('error', (error) => resolve((exit = error)));
    child.once('exit', (code, signal) => resolve((exit = { code, signal })));
  });
  const stop = async () => {
    if (!exit) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
      if (!exit) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (exit) {
      const tail = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').slice(-3).join(' | ') : '';
      await stop();
      throw new Error(exit instanceof Error ? exit.message : `it exited (${exit.signal ?? `code ${exit.code}`})${tail ? `: ${tail}` : ''}`);
    }
    if ((await pingRedis({ host, port }, 500)) === 'PONG') return { stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error('it did not answer within 10 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function which(command) {
  try {
    return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}
