// `npm run build` only when dist/ is missing or older than a source: `tsc` takes seconds even with nothing to do,
// and `npm run platform` and `npm test` should not pay that each time. Run as a script or imported.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCES = ['apps', 'libs', 'migrations', 'bench'];
const SOURCE_FILE = /\.(ts|tsx|mts|mjs|js|cjs|css)$/;
const CONFIG_FILES = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];
// Written when a build through here succeeds, dated when it began: a source saved during the build is newer.
const STAMP = join('dist', '.built');

/** Whether dist/ was built (through here) after every source last changed. */
export function buildIsCurrent(root = process.cwd()) {
  const stamp = join(root, STAMP);
  return existsSync(stamp) && newestSource(root) <= statSync(stamp).mtimeMs;
}

/** Builds when stale; answers whether it built. `stdio` is where the build's own output goes. */
export function buildWhenStale(root = process.cwd(), { stdio = ['ignore', 2, 2], announce = () => {} } = {}) {
  if (buildIsCurrent(root)) return false;
  announce();
  const started = new Date();
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio });
  writeFileSync(join(root, STAMP), `${started.toISOString()}\n`);
  utimesSync(join(root, STAMP), started, started);
  return true;
}

function newestSource(root) {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.spec.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of SOURCES) if (existsSync(join(root, dir))) walk(join(root, dir));
  for (const file of CONFIG_FILES) if (existsSync(join(root, file))) newest = Math.max(newest, statSync(join(root, file)).mtimeMs);
  return newest;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    buildWhenStale();
  } catch {
    process.exit(1); // tsc printed why on stderr
  }
}
