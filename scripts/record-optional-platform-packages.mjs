// Records off-platform optional packages that npm left out of the lockfile (their manifests are not on this
// machine's registry mirror), so `npm ci` accepts the lockfile. They are never installed on Linux x64.
import { readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
// Usage: node scripts/record-optional-platform-packages.mjs   (after `npm install` changed the lockfile)
const missing = process.argv.length > 2 ? process.argv.slice(2) : missingFromLock();
for (const name of missing) {
  let version;
  for (const pkg of Object.values(lock.packages)) {
    if (pkg.optionalDependencies?.[name]) { version = pkg.optionalDependencies[name]; break; }
  }
  const info = JSON.parse(execFileSync('npm', ['view', name, 'os', 'cpu', 'libc', 'license', '--json'], { encoding: 'utf8' }));
  const entry = { version, license: info.license, cpu: info.cpu, optional: true, os: info.os, libc: info.libc };
  lock.packages[`node_modules/${name}`] = Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined));
  console.log('added', name, version, JSON.stringify(info));
}
const [root, ...rest] = Object.entries(lock.packages);
lock.packages = Object.fromEntries([root, ...rest.sort(([a], [b]) => (a < b ? -1 : 1))]);
writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');

function missingFromLock() {
  let output = '';
  try {
    execFileSync('npm', ['ci', '--dry-run', '--no-audit', '--no-fund'], { encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    output = String(error.stderr ?? '');
  }
  return [...output.matchAll(/Missing: (\S+)@\S* from lock file/g)].map((m) => m[1]);
}
