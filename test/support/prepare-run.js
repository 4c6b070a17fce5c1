// Plain JS (Jest's global setup loads it untransformed). What `npm test` needs beyond the database, made ready on a
// fresh clone so the README's one command is enough: the production build that the process tests start
// (`node dist/…`, as `npm start` runs it), and a Chromium for the page tests.
import { execFileSync } from 'node:child_process';
import { buildWhenStale as buildDistWhenStale } from '../../scripts/build-when-stale.mjs';

/** Runs `npm run build` when dist/ is missing or older than a source file (a stale build would test old code). */
export function buildWhenStale(root = process.cwd()) {
  try {
    return buildDistWhenStale(root, {
      stdio: ['ignore', 'ignore', 'inherit'],
      announce: () => process.stderr.write('npm test: building dist/ for the tests that start the platform as `npm start` does…\n'),
    });
  } catch {
    // The other tests still run; those that start dist/ fail on the build they find (or say it is missing).
    process.stderr.write('npm test: the build failed (above); the tests that start dist/ will fail\n');
    return false;
  }
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

function which(command) {
  try {
    return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}
