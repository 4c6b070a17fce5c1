import 'reflect-metadata';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { loadConfig } from '@platform/config';
import { createBenchDatabase } from './bench-database.js';
import { BenchProducts, createListedImages } from './bench-products.js';
import { readCatalogFacts } from './catalog-facts.js';
import { LoadGenerator, type LoadResult } from './load-plan.js';
import { parseOptions } from './options.js';
import { sameStatements } from './baseline/raw-limit.sql.js';
import { type MeasuredRun, evaluateTargets, formatReport, healthUnderAttack, medianOfRounds, withRatios } from './report.js';
import { type CatalogFacts, PENDING, SCENARIOS, type SampleRequest, type Scenario, type ServerRole, loadRequest, sampleRequest } from './scenarios.js';
import { type DownloadFigure, LOOPBACK_HOST, downloadTargets, formatDownloads, measureDownloads } from './image-downloads.js';
import { type OtlpSink, startOtlpSink } from './otlp-sink.js';
import { type TransformFigures, formatTransforms, measureTransforms, transformTargets } from './image-transforms.js';
import { ServerProcess } from './server-process.js';
import { API_NODE_FLAGS, PROCESS_ENV } from '../apps/api/heap-policy.js';
import { type MemorySample, SAMPLE_SECONDS, SOAK_MIX, formatSoak, memoryGrowth, memorySample, soakLoad } from './soak.js';
import { type OutboundFigure, formatOutbound, measureOutbound } from './outbound-overhead.js';
import { type QueueThroughput, formatQueues, measureQueues } from './queue-throughput.js';
import { type SqlCount, countStatements } from './sql-count.js';

// `npm run bench`: a fresh seeded database, the baseline and the platform each in their own process,
// load from a third (autocannon), a table on stdout and bench/results/<date>.json. See docs/performance.md.

const options = parseOptions(process.argv.slice(2));
// A server idle while the others took their turns comes back with a shrunk heap and flushed bytecode (V8
// reclaims both from idle processes); a second of load before each round keeps that out of its figures.
const ROUND_WARMUP_SECONDS = 1;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// Where the platform keeps files: the baseline serves scenario 7a's from the same directory.
const { storage } = loadConfig();
const logDir = resolve('.data/bench');
mkdirSync(logDir, { recursive: true });
const say = (line: string) => process.stderr.write(`${line}\n`);
// The collector of the traced platform (scenario `tracing-on`), started with it.
let otlpSink: OtlpSink | undefined;

await requireRedis(redisUrl);
const started = Date.now();
say(`bench: seeding ${options.products} products, ${options.customers} customers and ${options.orders} orders into a fresh database…`);
const database = await createBenchDatabase(options.products, options.customers, options.orders);
try {
  await usePlusPlan(database.url);
  const facts = await readCatalogFacts(database.url);
  if (options.soak !== undefined) await soak(database.url, database.server, facts, options.soak);
  else await compare(database.url, database.server, facts);
} finally {
  await database.drop();
}

/** Whether `--only` selects the scenario or measurement `id` (without it, every one is). */
function selected(id: string): boolean {
  return options.only.length === 0 || options.only.some((o) => id.startsWith(o));
}

/** The comparison: every selected scenario on the baselines and the platform, the table, the targets. */
async function compare(databaseUrl: string, databaseServer: string, seeded: CatalogFacts): Promise<void> {
  const scenarios = SCENARIOS.filter((s) => selected(s.id) || s.id === 'products');
  const listsImages = scenarios.some((s) => s.number === '7a');
  if (listsImages && storage.kind !== 'local') throw new Error("bench: scenario 7a's baseline reads the platform's files from its directory, and STORAGE_URL names a bucket (leave 7a out with --only)");
  const roles = (['baseline', 'raw-limit', 'platform', 'platform-unthrottled', 'platform-metrics', 'platform-traced'] as const).filter((role) => scenarios.some((s) => s.servers.includes(role)));
  const servers = new Map<ServerRole, ServerProcess>();
  let facts = seeded;
  let sql: SqlCount[];
  let runs: MeasuredRun[];
  let transforms: TransformFigures | undefined;
  let downloads: DownloadFigure[] = [];
  try {
    // Every server is up for the whole run (an idle one costs nothing), so measurements can take turns.
    for (const [index, role] of roles.entries()) servers.set(role, await startServer(role, databaseUrl, 3101 + index));
    const platform = servers.get('platform')!;
    const products = new BenchProducts(platform.url, facts.tokens.admin);
    try {
      // Scenario 7a's images are made through the platform, before its statements are counted and its answers compared.
      if (listsImages) facts = { ...facts, listedImages: await createListedImages(products) };
      say('bench: counting SQL statements per request…');
      sql = await countStatements(databaseUrl, facts, scenarios);
      checkRawLimitStatements(sql.find((s) => s.scenario === 'products')?.texts ?? []);
      await checkServers(servers, scenarios, facts);
      runs = await measure(servers, scenarios, facts);
      if (selected('image-transforms')) {
        say('bench: scenario 7b, first-time transforms against sharp used bare…');
        transforms = await measureTransforms(products, options.smoke ? 20 : 100, options.rounds);
      }
      if (selected('image-downloads')) {
        const counts = options.smoke ? [200] : [200, 2_000];
        say(`bench: downloads of ${counts.join(', then ')} images from a loopback server…`);
        downloads = await measureDownloads(platform, products, databaseUrl, counts);
      }
    } finally {
      await products.deleteAll().catch((error: unknown) => say(`bench: the bench's products were not all deleted: ${String(error)}`));
    }
  } finally {
    await Promise.all([...servers.values()].map((server) => server.stop()));
    await otlpSink?.close();
  }

  const measured = withRatios(runs);
  const targets = [...evaluateTargets(measured, sql, options.connections), ...transformTargets(transforms), ...downloadTargets(downloads)];
  process.stdout.write(`${formatReport(measured, sql, targets, PENDING)}\n`);
  if (transforms) process.stdout.write(`\n${formatTransforms(transforms)}\n`);
  if (downloads.length) process.stdout.write(`\n${formatDownloads(downloads)}\n`);
  let queues: QueueThroughput[] | undefined;
  if (selected('jobs')) {
    const jobs = options.smoke ? 1_000 : 10_000;
    say(`bench: the job queues, ${jobs} no-op jobs each…`);
    queues = await measureQueues(databaseUrl, redisUrl, jobs);
    process.stdout.write(`\n${formatQueues(queues)}\n`);
  }
  let outbound: OutboundFigure[] | undefined;
  if (selected('outbound')) {
    say('bench: the outbound client against a bare fetch…');
    outbound = await measureOutbound(options.smoke ? 300 : 3_000, options.rounds);
    process.stdout.write(`\n${formatOutbound(outbound)}\n`);
  }
  const date = new Date().toISOString().slice(0, 10);
  const out = options.out ?? resolve('bench/results', `${date}${options.smoke ? '.smoke' : ''}.json`);
  mkdirSync(resolve(out, '..'), { recursive: true });
  writeFileSync(out, `${JSON.stringify({
    date: new Date().toISOString(),
    machine: machine(),
    options: { ...options, database: databaseServer },
    runs: measured,
    sqlStatementsPerRequest: sql.map(({ texts: _texts, ...count }) => count),
    healthUnderAttack: healthUnderAttack(measured),
    imageTransforms: transforms,
    imageDownloads: downloads,
    queues,
    outbound,
    targets,
    pending: PENDING,
  }, null, 2)}\n`);
  say(`bench: done in ${Math.round((Date.now() - started) / 1000)} s; results in ${out}`);
  // Errors in answers (and images the platform could not keep) are failures of the bench itself; missed speed targets
  // are reported, not fatal.
  if (measured.some((r) => r.errors > 0) || downloads.some((d) => d.failed > 0)) process.exitCode = 1;
}

/**
 * The soak: the mixed traffic of SOAK_MIX against the platform alone for `seconds`, its RSS (/proc) and V8 heap (asked
 * over the IPC channel of the bench's platform entry) sampled every SAMPLE_SECONDS, and whether memory grew.
 */
async function soak(databaseUrl: string, databaseServer: string, facts: CatalogFacts, seconds: number): Promise<void> {
  const parts = SOAK_MIX.map((part) => ({ ...part, scenario: SCENARIOS.find((s) => s.id === part.scenario)! }));
  const server = await startServer('platform', databaseUrl, 3101, true);
  const samples: MemorySample[] = [];
  let load: LoadResult;
  try {
    for (const part of parts) await checkAnswers(server, part.scenario, facts);
    const sampleAt = async (t: number) => {
      const [rss, usage] = [server.rssBytes(), await server.memoryUsage()];
      samples.push(memorySample(t, rss, usage));
      say(`bench: soak ${t} s: RSS ${samples.at(-1)!.rssMiB} MiB, heap used ${samples.at(-1)!.heapUsedMiB} MiB`);
    };
    say(`bench: soaking the platform for ${seconds} s…`);
    const generator = new LoadGenerator();
    try {
      const [main, ...others] = parts;
      const running = generator.run({
        url: server.url,
        connections: main!.connections,
        duration: seconds,
        warmup: 0,
        request: loadRequest(main!.scenario, facts),
        alongside: others.map((part) => ({ name: part.scenario.id, connections: part.connections, rate: part.rate, request: loadRequest(part.scenario, facts) })),
        serverPid: server.pid,
      });
      const began = Date.now();
      await sampleAt(0);
      for (let t = SAMPLE_SECONDS; t <= seconds; t += SAMPLE_SECONDS) {
        await sleep(Math.max(0, began + t * 1000 - Date.now()));
        await sampleAt(t);
      }
      load = await running;
    } finally {
      generator.close();
    }
  } finally {
    await server.stop();
  }
  const growth = [memoryGrowth(samples, seconds, 'rssMiB'), memoryGrowth(samples, seconds, 'heapUsedMiB')];
  const loads = soakLoad(SOAK_MIX, load);
  process.stdout.write(`${formatSoak(seconds, SOAK_MIX, samples, loads, growth)}\n`);
  const out = options.out ?? resolve('bench/results', `${new Date().toISOString().slice(0, 10)}.soak.json`);
  mkdirSync(resolve(out, '..'), { recursive: true });
  writeFileSync(out, `${JSON.stringify({
    date: new Date().toISOString(),
    machine: machine(),
    options: { ...options, database: databaseServer },
    mix: SOAK_MIX,
    samples,
    load: loads,
    growth,
  }, null, 2)}\n`);
  say(`bench: done in ${Math.round((Date.now() - started) / 1000)} s; results in ${out}`);
  if (loads.some((l) => l.errors > 0)) process.exitCode = 1;
}

function machine() {
  return { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version };
}

/**
 * Same JSON from every server for scenario 1 and for each scenario the baseline also serves (or the ratios compare
 * different work; for the REST list also its second page, reached by each server's own Link), and an answer for every
 * scenario.
 */
async function checkServers(servers: Map<ServerRole, ServerProcess>, scenarios: Scenario[], facts: CatalogFacts): Promise<void> {
  const baseline = servers.get('baseline');
  const compared = scenarios.filter((s) => s.sameAnswer && s.servers.includes('baseline') && s.servers.includes('platform'));
  if (baseline) {
    for (const scenario of [SCENARIOS[0]!, ...compared]) {
      const how = scenario.sameAnswer ?? 'exact';
      const expected = ownOriginless(await pages(baseline, scenario, facts), baseline);
      for (const [role, server] of servers) {
        if (role === 'baseline' || (scenario !== SCENARIOS[0] && !scenario.servers.includes(role))) continue;
        const answer = ownOriginless(await pages(server, scenario, facts), server);
        if (!isDeepStrictEqual(comparable(answer, how), comparable(expected, how))) {
          throw new Error(`bench: ${role} and the baseline answer ${scenario.id} differently, first at ${firstDifference(comparable(answer, how), comparable(expected, how))}`);
        }
      }
    }
  }
  // The raw limit writes its JSON by hand: the same bytes as the platform's answer, not only the same values.
  const raw = servers.get('raw-limit');
  const platform = servers.get('platform');
  if (raw && platform) {
    const sample = sampleRequest(SCENARIOS[0]!, facts);
    const [rawText, platformText] = (await Promise.all([answerText(raw, sample), answerText(platform, sample)])).map((text, i) => originless(text, [raw, platform][i]!));
    if (rawText !== platformText) {
      const at = [...rawText].findIndex((c, i) => c !== platformText[i]);
      throw new Error(`bench: the raw limit's answer to scenario 1 differs from the platform's at byte ${at}: ${rawText.slice(Math.max(0, at - 80), at + 80)} (platform: ${platformText.slice(Math.max(0, at - 80), at + 80)})`);
    }
  }
  for (const [role, server] of servers) {
    for (const scenario of scenarios.filter((s) => s.servers.includes(role))) await checkAnswers(server, scenario, facts);
  }
}

// Each server answers URLs on the origin it was called at (its own port): compared, that origin is one placeholder.
function originless(text: string, server: ServerProcess): string {
  return text.split(server.url).join('<origin>');
}

function ownOriginless(answers: unknown[], server: ServerProcess): unknown[] {
  return JSON.parse(originless(JSON.stringify(answers), server)) as unknown[];
}

// The sample's answer, and for a request walked by Link the next page's too; a file's type, size and digest.
async function pages(server: ServerProcess, scenario: Scenario, facts: CatalogFacts): Promise<unknown[]> {
  const sample = sampleRequest(scenario, facts);
  if (scenario.sameAnswer === 'bytes') return [await served(server, sample)];
  const first = await ask(server, sample);
  if (!loadRequest(scenario, facts).followLink) return [first.json];
  const next = /<([^>]+)>;\s*rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
  if (!next) throw new Error(`bench: ${server.name} answered ${scenario.id} without a next page; seed more rows`);
  const url = new URL(next);
  return [first.json, (await ask(server, { ...sample, path: `${url.pathname}${url.search}` })).json];
}

/** Where two answers first differ, as a path and both values (a whole page is too long to read in a CI log). */
function firstDifference(a: unknown, b: unknown, path = '$'): string | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const key of keys) {
      const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
      if (found) return found;
    }
  }
  return `${path}: ${JSON.stringify(a)?.slice(0, 300)} (baseline: ${JSON.stringify(b)?.slice(0, 300)})`;
}

// What must be equal: the whole answer (a file's digest), its GraphQL data, or the keys at every level of either (a
// write's values differ).
function comparable(value: unknown, how: NonNullable<Scenario['sameAnswer']>): unknown {
  if (how === 'data') return (value as { data?: unknown }[]).map((v) => v.data);
  if (how === 'data-shape') return comparable(comparable(value, 'data'), 'shape');
  if (how === 'exact' || how === 'bytes') return value;
  const keys = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(keys) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, keys((v as Record<string, unknown>)[k])])) : typeof v;
  return keys(value);
}

/**
 * Each (scenario, server) at each connection count, the measurements of one connection count taking turns
 * in rounds, each round in a rotated order; a figure is the median of its rounds, the warm-up is run once.
 */
async function measure(servers: Map<ServerRole, ServerProcess>, scenarios: Scenario[], facts: CatalogFacts): Promise<MeasuredRun[]> {
  const low = Math.min(...options.connections);
  const plan = options.connections.flatMap((connections) =>
    scenarios
      .filter((scenario) => !scenario.singleLevel || connections === low)
      .flatMap((scenario) =>
        scenario.servers.map((role) => ({ scenario, role, group: connections, connections: scenario.connections ?? connections, rounds: [] as LoadResult[], rssMb: 0 })),
      ),
  );
  const generator = new LoadGenerator();
  try {
    for (const connections of options.connections) {
      const group = plan.filter((m) => m.group === connections);
      for (let round = 0; round < options.rounds; round++) {
        for (let i = 0; i < group.length; i++) {
          const m = group[(i + round) % group.length]!;
          const server = servers.get(m.role)!;
          say(`bench: ${m.scenario.id} on ${m.role}, ${connections} connections, round ${round + 1}/${options.rounds}…`);
          server.startSampling();
          const load = await generator.run({
            url: server.url,
            connections: m.connections,
            duration: options.duration / options.rounds,
            warmup: m.rounds.length === 0 ? options.warmup : Math.min(options.warmup, ROUND_WARMUP_SECONDS),
            request: loadRequest(m.scenario, facts),
            alongside: m.scenario.alongside?.(facts),
            serverPid: server.pid,
          });
          m.rssMb = Math.max(m.rssMb, server.stopSampling());
          m.rounds.push(load);
        }
      }
    }
  } finally {
    generator.close();
  }
  // Reported by scenario, then server, then connection count.
  const order = (m: (typeof plan)[number]) => [scenarios.indexOf(m.scenario), m.scenario.servers.indexOf(m.role), m.connections];
  plan.sort((a, b) => order(a).reduce((diff, value, i) => diff || value - order(b)[i]!, 0));
  return plan.map((m) => ({
    scenario: m.scenario.id,
    number: m.scenario.number,
    title: m.scenario.title,
    server: m.role,
    connections: m.connections,
    rssMb: m.rssMb,
    ...medianOfRounds(m.rounds),
  }));
}

async function startServer(role: ServerRole, databaseUrl: string, port: number, memoryReports = false): Promise<ServerProcess> {
  const dist = resolve(import.meta.dirname);
  const env: Record<string, string> = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' };
  if (role === 'baseline') {
    if (storage.kind === 'local') env.BENCH_FILES_DIRECTORY = storage.directory;
    return ServerProcess.start(role, resolve(dist, 'baseline/baseline-server.js'), env, port, resolve(logDir, 'baseline.log'));
  }
  if (role === 'raw-limit') return ServerProcess.start(role, resolve(dist, 'baseline/raw-limit-server.js'), env, port, resolve(logDir, 'raw-limit.log'));
  // Behind a trusted proxy: the load generator names a buyer of its own in every request's X-Forwarded-For.
  env.TRUST_PROXY = 'true';
  // The downloads' images come from a loopback server of the bench's.
  env.OUTBOUND_ALLOWED_PRIVATE_HOSTS = LOOPBACK_HOST;
  if (role === 'platform-unthrottled') env.BENCH_THROTTLE = 'off';
  // Metrics on: every answer counted by the onResponse hook, as an operator who scrapes them runs the platform.
  if (role === 'platform-metrics') env.METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef012345';
  // Tracing on: every request's spans batched to the bench's loopback collector.
  if (role === 'platform-traced') env.OTEL_EXPORTER_OTLP_ENDPOINT = (otlpSink ??= await startOtlpSink()).url;
  return ServerProcess.start(role, resolve(dist, 'api-server.js'), { ...PROCESS_ENV, ...env }, port, resolve(logDir, `${role}.log`), { ipc: memoryReports, nodeFlags: API_NODE_FLAGS });
}

async function send(server: ServerProcess, request: SampleRequest): Promise<{ status: number; headers: Headers; json: { errors?: unknown; data?: unknown } }> {
  const res = await fetch(`${server.url}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
  return { status: res.status, headers: res.headers, json: (await res.json()) as { errors?: unknown } };
}

// A file as compared: its content type, size and SHA-256.
async function served(server: ServerProcess, request: SampleRequest): Promise<{ contentType: string | null; bytes: number; sha256: string }> {
  const res = await fetch(`${server.url}${request.path}`, { method: request.method, headers: request.headers });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`bench: ${server.name} answered ${request.method} ${request.path} with ${res.status} ${body.toString().slice(0, 500)}`);
  return { contentType: res.headers.get('content-type'), bytes: body.length, sha256: createHash('sha256').update(body).digest('hex') };
}

async function answerText(server: ServerProcess, request: SampleRequest): Promise<string> {
  const res = await fetch(`${server.url}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`bench: ${server.name} answered ${request.method} ${request.path} with ${res.status} ${text.slice(0, 500)}`);
  return text;
}

/** The raw limit runs the platform's statements for scenario 1, or its ratio compares different work: stop when they drift. */
function checkRawLimitStatements(platform: string[]): void {
  const check = sameStatements(platform);
  if (!check.same) throw new Error(`bench: bench/baseline/raw-limit.sql.ts no longer matches the platform: ${check.problem}`);
}

async function ask(server: ServerProcess, request: SampleRequest): Promise<{ headers: Headers; json: unknown }> {
  const { status, headers, json } = await send(server, request);
  if (status >= 300 || json.errors) throw new Error(`bench: ${server.name} answered ${request.method} ${request.path} with ${status} ${JSON.stringify(json).slice(0, 500)}`);
  return { headers, json };
}

/**
 * Every scenario's first request answers without errors before it is measured (a fast error is no result); every
 * body of a hostile mix is refused (a refusal that turned into an answer would measure execution instead).
 */
async function checkAnswers(server: ServerProcess, scenario: Scenario, facts: CatalogFacts): Promise<void> {
  const request = loadRequest(scenario, facts);
  const headers = { ...request.headers, ...(request.freshIpHeader ? { [request.freshIpHeader]: '10.0.0.1' } : {}) };
  if (request.expect === 'refused') {
    for (const [i, body] of request.bodies!.entries()) {
      const { status, json } = await send(server, { method: 'POST', path: request.path, headers: { ...headers, ...request.bodyHeaders?.[i] }, body });
      if (status < 400 && !json.errors) throw new Error(`bench: ${scenario.id} document ${i + 1} was not refused: ${JSON.stringify(json).slice(0, 300)}`);
    }
    return;
  }
  const sample = sampleRequest(scenario, facts);
  if (scenario.sameAnswer === 'bytes') {
    if ((await served(server, sample)).bytes === 0) throw new Error(`bench: ${scenario.id} answered an empty file`);
    return;
  }
  const { json } = await ask(server, { ...sample, headers: { ...sample.headers, ...headers } });
  // The first value of the answer (GraphQL's first root field, REST's resource) holds something.
  const answer = json as { data?: Record<string, unknown> } & Record<string, unknown>;
  const root = Object.values(answer.data ?? answer)[0] as { nodes?: unknown[] } | unknown[] | null | undefined;
  if (!root || (Array.isArray(root) ? root.length === 0 : root.nodes?.length === 0)) {
    throw new Error(`bench: ${scenario.id} answered no data: ${JSON.stringify(answer).slice(0, 300)}`);
  }
}

// The bench's shop is on plan plus: the platform runs with a plus shop's own limits.
async function usePlusPlan(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`update shops set plan = 'plus' where handle = 'demo'`);
  } finally {
    await client.end();
  }
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
