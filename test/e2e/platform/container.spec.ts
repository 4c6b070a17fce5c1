import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { validate } from 'dockerfile-utils';
import { parse } from 'yaml';
import { API_NODE_FLAGS, PROCESS_ENV, processEnvPrefix } from '../../../apps/api/heap-policy.js';
import { freePorts } from '../../support/free-ports.js';
import { API_MAIN, PlatformProcess } from '../../support/platform-process.js';
import { cloneTestDatabase } from '../../support/test-database.js';

// No Docker engine runs the tests: the Dockerfile is linted and read, the compose file parsed, and the image's start
// command and health check run here, from dist/, as the container would run them.
const run = promisify(execFile);
const DOCKERFILE = readFileSync('Dockerfile', 'utf8');
const COMPOSE = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true });
const PACKAGE = JSON.parse(readFileSync('package.json', 'utf8'));
// Roles api and worker hand jobs over through Redis: REDIS_URL's, else the machine's (as the queue's own tests do).
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined, comments left out. */
function instructions(text: string): Instruction[] {
  const lines = text.replace(/\\\n/g, ' ').split('\n').map((line) => line.trim());
  return lines.filter((line) => line && !line.startsWith('#')).map((line) => {
    const [keyword, ...rest] = line.split(/\s+/);
    return { keyword: keyword!.toUpperCase(), args: rest.join(' ') };
  });
}

/** The instructions of each build stage, the last one being the image. */
function stages(list: Instruction[]): Instruction[][] {
  const result: Instruction[][] = [];
  for (const instruction of list) {
    if (instruction.keyword === 'FROM') result.push([]);
    result.at(-1)!.push(instruction);
  }
  return result;
}

/** The exec form's array after a keyword (`CMD ["node", …]`). */
function execForm(args: string): string[] {
  return JSON.parse(args.slice(args.indexOf('['))) as string[];
}

describe('the Dockerfile', () => {
  const all = instructions(DOCKERFILE);
  const image = stages(all).at(-1)!;
  const find = (keyword: string) => image.filter((i) => i.keyword === keyword);

  it('passes the Dockerfile linter', () => {
    expect(validate(DOCKERFILE).map((d) => `${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
  });

  it('builds in stages from the official Node 22 image, the image taking only production dependencies and dist/', () => {
    const bases = all.filter((i) => i.keyword === 'FROM').map((i) => i.args.split(/\s+/)[0]);
    expect(bases.length).toBeGreaterThanOrEqual(2);
    for (const base of bases) expect(base).toMatch(/^node:22(-|$)/);
    expect(all.some((i) => i.keyword === 'RUN' && /\bnpm ci\b(?!.*--omit=dev)/.test(i.args))).toBe(true);
    expect(all.some((i) => i.keyword === 'RUN' && /\bnpm run build\b/.test(i.args))).toBe(true);
    expect(all.some((i) => i.keyword === 'RUN' && /\bnpm ci\b.*--omit=dev/.test(i.args))).toBe(true);
    expect(find('COPY').filter((i) => i.args.startsWith('--from=')).map((i) => i.args.split(/\s+/)[1])).toEqual(['/app/node_modules', '/app/dist']);
  });

  it('runs as a user other than root', () => {
    const users = find('USER');
    expect(users).toHaveLength(1);
    expect(users[0]!.args).not.toMatch(/^(root|0)(:|$)/);
    // Nothing after USER runs as root again.
    expect(image.slice(image.indexOf(users[0]!)).filter((i) => i.keyword === 'RUN')).toEqual([]);
  });

  it('starts as `npm start` does, without its build step', () => {
    const [cmd] = find('CMD');
    expect(execForm(cmd!.args)).toEqual(['node', ...API_NODE_FLAGS, 'dist/apps/api/main.js']);
    expect(PACKAGE.scripts.start).toBe(`${processEnvPrefix()} ${execForm(cmd!.args).join(' ')}`);
    // npm start's environment, set for every process of the image.
    const env = find('ENV').map((i) => i.args).join(' ');
    for (const [name, value] of Object.entries(PROCESS_ENV)) expect(env).toMatch(new RegExp(`\\b${name}=${value}\\b`));
  });

  it('checks health on /readyz, with Node (the image has no curl)', () => {
    const [check] = find('HEALTHCHECK');
    const command = execForm(check!.args);
    expect(command.slice(0, 2)).toEqual(['node', '-e']);
    expect(command[2]).toContain('/readyz');
  });

  it('is not sent what the image builds itself or what stays on the host', () => {
    const ignored = readFileSync('.dockerignore', 'utf8').split('\n').filter((line) => line && !line.startsWith('#'));
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'dist', '.data', '.git']));
  });
});

describe('docker-compose.yml', () => {
  const services = COMPOSE.services;

  it('runs an api and a worker from the image beside Postgres and Redis', () => {
    expect(Object.keys(services).sort()).toEqual(['api', 'postgres', 'redis', 'worker']);
    expect(services.postgres.image).toMatch(/^postgres:16/);
    expect(services.redis.image).toMatch(/^redis:7/);
    for (const role of ['api', 'worker']) {
      expect(services[role].build).toBe('.');
      expect(services[role].environment).toEqual({
        PLATFORM_ROLE: role,
        DATABASE_URL: `postgres://${services.postgres.environment.POSTGRES_USER}:${services.postgres.environment.POSTGRES_PASSWORD}@postgres:5432/${services.postgres.environment.POSTGRES_DB}`,
        REDIS_URL: 'redis://redis:6379',
      });
    }
  });

  it('checks the api on /readyz and starts it once Postgres and Redis are healthy; the worker once the api is', () => {
    const { api, worker } = services;
    expect(api.healthcheck.test.slice(0, 3)).toEqual(['CMD', 'node', '-e']);
    expect(api.healthcheck.test[3]).toContain('/readyz');
    expect(api.depends_on).toEqual({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
    expect(api.ports).toEqual(['3000:3000']);
    expect(worker.healthcheck).toEqual({ disable: true });
    expect(worker.depends_on).toEqual({ api: { condition: 'service_healthy' } });
  });

  it('gives the api and the worker one files directory', () => {
    expect(services.api.volumes).toEqual(['platform-files:/app/.data/files']);
    expect(services.worker.volumes).toEqual(services.api.volumes);
    expect(Object.keys(COMPOSE.volumes)).toContain('platform-files');
  });
});

describe("the image's start command, run outside a container", () => {
  const processes: PlatformProcess[] = [];
  const cleanups: (() => unknown)[] = [];
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill()));
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('serves as the api (the health check passing), and as a worker with PLATFORM_ROLE=worker', async () => {
    const database = await cloneTestDatabase();
    cleanups.push(() => database.drop());
    const dataDir = mkdtempSync(join(tmpdir(), 'platform-image-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const [port] = (await freePorts(1)) as [number];
    const env = { DATABASE_URL: database.url, REDIS_URL, DATA_DIR: dataDir, HOST: '0.0.0.0', PORT: String(port) };

    // API_MAIN with the API's node flags is the image's CMD (checked above).
    const api = new PlatformProcess(API_MAIN, { ...env, PLATFORM_ROLE: 'api' });
    processes.push(api);
    await api.waitForLog('Platform is listening on', 120_000);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ postgres: 'ok', redis: 'ok' });

    const check = execForm(instructions(DOCKERFILE).find((i) => i.keyword === 'HEALTHCHECK')!.args);
    await expect(run(process.execPath, check.slice(1), { env: { ...process.env, PORT: String(port) } })).resolves.toBeDefined();

    const worker = new PlatformProcess(API_MAIN, { ...env, PLATFORM_ROLE: 'worker' });
    processes.push(worker);
    await worker.waitForLog('worker started', 120_000);

    // Stopped as soon as it says it started: its signal handlers are in place by then.
    worker.signal('SIGTERM');
    expect(await worker.waitForExit(30_000)).toEqual({ code: 0, signal: null });
    api.signal('SIGTERM');
    expect(await api.waitForExit(30_000)).toEqual({ code: 0, signal: null });
    // Stopped, the api fails the check the way the container's would.
    await expect(run(process.execPath, check.slice(1), { env: { ...process.env, PORT: String(port) } })).rejects.toMatchObject({ code: 1 });
  }, 240_000);
});
