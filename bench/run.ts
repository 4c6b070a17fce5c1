import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { Redis } from 'ioredis';
import { createBenchDatabase } from './bench-database.js';
import { readCatalogFacts } from './catalog-facts.js';
import { generateLoad } from './load-plan.js';
import { parseOptions } from './options.js';
import { type RunRecord, evaluateTargets, formatReport, withRatios } from './report.js';
import { type CatalogFacts, PENDING, SCENARIOS, STOREFRONT_PATH, type Scenario, type ServerRole, storefrontRequest } from './scenarios.js';
import { ServerProcess } from './server-process.js';
import { countStatements } from './sql-count.js';

// `npm run bench`: a fresh seeded database, the baseline and the platform each in their own process,
// load from a third (autocannon), a table on stdout and bench/results/<date>.json. See docs/performance.md.

const options = parseOptions(process.argv.slice(2));
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const logDir = resolve('.data/bench');
mkdirSync(logDir, { recursive: true });
const say = (line: string) => process.stderr.write(`${line}\n`);

await requireRedis(redisUrl);
const started = Date.now();
say(`bench: seeding ${options.products} products into a fresh database…`);
const database = await createBenchDatabase(options.products);
try {
  const facts = await readCatalogFacts(database.url, 'demo');
  const scenarios = SCENARIOS.filter((s) => options.only.length === 0 || options.only.some((o) => s.id.startsWith(o)) || s.id === 'products');
  say('bench: counting SQL statements per request…');
  const sql = (await countStatements(database.url, facts)).filter((s) => scenarios.some((sc) => sc.id === s.scenario));

  const runs: Omit<RunRecord, 'ratio' | 'p99Ratio'>[] = [];
  let baselineAnswer: unknown;
  const roles: ServerRole[] = ['baseline', 'platform', 'platform-unthrottled'];
  for (const [index, role] of roles.entries()) {
    const mine = scenarios.filter((s) => s.servers.includes(role));
    if (mine.length === 0) continue;
    const server = await startServer(role, database.url, 3101 + index);
    try {
      // Same JSON from every server for scenario 1, or the ratios compare different work.
      const answer = await ask(server, SCENARIOS[0]!.body(facts));
      if (role === 'baseline') baselineAnswer = answer;
      else if (baselineAnswer !== undefined && !isDeepStrictEqual(answer, baselineAnswer)) {
        throw new Error(`bench: ${role} and the baseline answer scenario 1 differently:\n${JSON.stringify(answer).slice(0, 500)}\n${JSON.stringify(baselineAnswer).slice(0, 500)}`);
      }
      for (const scenario of mine) {
        await checkAnswers(server, scenario, facts);
        for (const connections of scenario.singleLevel ? [Math.min(...options.connections)] : options.connections) {
          say(`bench: ${scenario.id} on ${role}, ${connections} connections…`);
          server.startSampling();
          const load = await generateLoad({
            url: server.url,
            connections,
            duration: options.duration,
            warmup: options.warmup,
            request: storefrontRequest(scenario.bodies(facts)),
          });
          runs.push({ scenario: scenario.id, number: scenario.number, title: scenario.title, server: role, connections, rssMb: server.stopSampling(), ...load });
        }
      }
    } finally {
      await server.stop();
    }
  }

  const measured = withRatios(runs);
  const targets = evaluateTargets(measured, sql, options.connections);
  process.stdout.write(`${formatReport(measured, sql, targets, PENDING)}\n`);
  const date = new Date().toISOString().slice(0, 10);
  const out = options.out ?? resolve('bench/results', `${date}${options.smoke ? '.smoke' : ''}.json`);
  mkdirSync(resolve(out, '..'), { recursive: true });
  writeFileSync(out, `${JSON.stringify({
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
    options: { ...options, database: database.server },
    runs: measured,
    sqlStatementsPerRequest: sql,
    targets,
    pending: PENDING,
  }, null, 2)}\n`);
  say(`bench: done in ${Math.round((Date.now() - started) / 1000)} s; results in ${out}`);
  // Errors in answers are failures of the bench itself; missed speed targets are reported, not fatal.
  if (measured.some((r) => r.errors > 0)) process.exitCode = 1;
} finally {
  await database.drop();
}

async function startServer(role: ServerRole, databaseUrl: string, port: number): Promise<ServerProcess> {
  const dist = resolve(import.meta.dirname);
  const env: Record<string, string> = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' };
  if (role === 'baseline') return ServerProcess.start(role, resolve(dist, 'baseline/baseline-server.js'), env, port, resolve(logDir, 'baseline.log'));
  if (role === 'platform-unthrottled') env.BENCH_THROTTLE = 'off';
  return ServerProcess.start(role, resolve(dist, 'api-server.js'), env, port, resolve(logDir, `${role}.log`));
}

async function ask(server: ServerProcess, body: string): Promise<unknown> {
  const res = await fetch(`${server.url}${STOREFRONT_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const json = (await res.json()) as { errors?: unknown };
  if (res.status !== 200 || json.errors) throw new Error(`bench: ${server.name} answered ${res.status} ${JSON.stringify(json).slice(0, 500)}`);
  return json;
}

/** Every scenario's first body answers without errors before it is measured (a fast error is no result). */
async function checkAnswers(server: ServerProcess, scenario: Scenario, facts: CatalogFacts): Promise<void> {
  const answer = (await ask(server, scenario.bodies(facts)[0]!)) as { data: Record<string, { nodes?: unknown[] } | null> };
  const root = Object.values(answer.data)[0];
  if (!root || (root.nodes && root.nodes.length === 0)) throw new Error(`bench: ${scenario.id} answered no data: ${JSON.stringify(answer).slice(0, 300)}`);
}

async function requireRedis(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    throw new Error(`bench: Redis is not reachable at ${url}; the bench measures Redis-backed throttling (set REDIS_URL)`);
  } finally {
    redis.disconnect();
  }
}
