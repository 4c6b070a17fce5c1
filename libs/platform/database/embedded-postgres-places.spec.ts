import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedPostgresError } from './embedded-postgres-errors.mjs';
import { binariesFor, blockedDirectory, clusterDirFor } from './embedded-postgres-places.mjs';

// Neither the owner nor the group of the test's files, so modes decide as they would for the postgres system user.
const other = { name: 'postgres', uid: process.getuid!() + 1, gid: process.getgid!() + 1 };

describe('where a root-run embedded Postgres keeps what its system user must reach', () => {
  let root: string;
  let privateDir: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'platform-places-'));
    chmodSync(root, 0o755);
    privateDir = join(root, 'home');
    mkdirSync(join(privateDir, 'checkout/native/bin'), { recursive: true, mode: 0o755 });
    chmodSync(privateDir, 0o700);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('names the first directory on the way that the user may not enter', () => {
    expect(blockedDirectory(join(privateDir, 'checkout/native'), other)).toBe(privateDir);
    expect(blockedDirectory(join(privateDir, 'checkout/native'), { ...other, uid: process.getuid!() })).toBeNull();
    chmodSync(privateDir, 0o711);
    expect(blockedDirectory(join(privateDir, 'checkout/native'), other)).toBeNull();
  });

  it('binaries the user can reach run where they are: nothing is copied', () => {
    chmodSync(privateDir, 0o755);
    const cache = join(root, 'cache');
    expect(binariesFor(join(privateDir, 'checkout/native'), other, cache)).toEqual({ nativeDir: join(privateDir, 'checkout/native') });
    expect(existsSync(cache)).toBe(false);
  });

  it('refuses a binaries copy that anyone but root could have written (the postgres user would run it)', () => {
    const planted = join(root, 'cache', `${process.version}-${process.platform}-${process.arch}`);
    writeFileSync(join(privateDir, 'checkout/package.json'), JSON.stringify({ version: process.version }));
    mkdirSync(planted, { recursive: true });
    chmodSync(planted, 0o777);
    expect(() => binariesFor(join(privateDir, 'checkout/native'), other, join(root, 'cache'))).toThrow(
      new EmbeddedPostgresError(`${planted} must be a directory owned by root and writable by root only (the postgres user runs the programs in it); remove it and start again.`),
    );
  });

  it('data of an unreachable DATA_DIR goes to the data root, linked from DATA_DIR/postgres; an empty leftover is replaced', () => {
    const dataDir = join(privateDir, 'checkout/.data');
    mkdirSync(join(dataDir, 'postgres'), { recursive: true });
    const placed = clusterDirFor(dataDir, other, join(root, 'lib'));
    expect(placed.clusterDir).toMatch(new RegExp(`^${root}/lib/[0-9a-f]{16}$`));
    expect(readlinkSync(join(dataDir, 'postgres'))).toBe(placed.clusterDir);
    expect(placed.notice).toBe(
      `The system user postgres cannot enter ${privateDir} (mode 700), so the embedded Postgres keeps its data in ${placed.clusterDir} (linked from ${dataDir}/postgres; delete both to start afresh)`,
    );
    // Next start: the link is followed.
    expect(clusterDirFor(dataDir, other, join(root, 'lib')).clusterDir).toBe(placed.clusterDir);
  });

  it('an existing cluster in an unreachable DATA_DIR is not moved: the start stops and says to move it', () => {
    const dataDir = join(privateDir, 'checkout/.data');
    mkdirSync(join(dataDir, 'postgres'), { recursive: true });
    writeFileSync(join(dataDir, 'postgres/PG_VERSION'), '18\n');
    expect(() => clusterDirFor(dataDir, other, join(root, 'lib'))).toThrow(/^The embedded Postgres data in .*\/checkout\/\.data\/postgres is out of reach of the system user postgres, which cannot enter .*\(mode 700\)\. Move it /);
    expect(lstatSync(join(dataDir, 'postgres')).isDirectory()).toBe(true);
    expect(existsSync(join(root, 'lib'))).toBe(false);
  });

  it('a reachable DATA_DIR keeps its cluster in DATA_DIR/postgres; a DATA_DIR it creates is enterable whatever the umask', () => {
    const dataDir = join(root, 'srv/data');
    const previous = process.umask(0o077);
    try {
      expect(clusterDirFor(dataDir, other, join(root, 'lib'))).toEqual({ clusterDir: join(dataDir, 'postgres') });
    } finally {
      process.umask(previous);
    }
    expect(lstatSync(join(root, 'srv')).mode & 0o777).toBe(0o755);
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o755);
  });
});
