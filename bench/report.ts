import type { AlongsideResult, LoadResult } from './load-plan.js';
import type { ServerRole } from './scenarios.js';
import type { SqlCount } from './sql-count.js';

/** One measurement's figure from its rounds. */
export interface Measured extends Omit<LoadResult, 'serverCpuMs' | 'alongside'> {
  /** Server CPU per request (null when unknown, or when other clients loaded the server at the same time). */
  cpuMsPerRequest: number | null;
  alongside?: AlongsideResult[];
}

export interface RunRecord extends Measured {
  scenario: string;
  number: string;
  title: string;
  server: ServerRole;
  connections: number;
  rssMb: number;
  /** req/s and p99 relative to the baseline's answer to the same scenario (else to scenario 1) at the same connection count. */
  ratio: number | null;
  p99Ratio: number | null;
  /** Scenario 1's rows (its token variants too): req/s relative to the raw limit's at the same connection count. */
  rawRatio: number | null;
}

/** A run as measured, before the ratios. */
export type MeasuredRun = Omit<RunRecord, 'ratio' | 'p99Ratio' | 'rawRatio'>;

export interface Target {
  target: string;
  measured: string;
  met: boolean;
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

/** One figure from several rounds of the same measurement: medians of the rates and latencies, sums of the counts. */
export function medianOfRounds(rounds: LoadResult[]): Measured {
  const summary = (results: Omit<LoadResult, 'alongside' | 'serverCpuMs'>[]) => ({
    requestsPerSecond: round(median(results.map((r) => r.requestsPerSecond)), 1),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    requests: sum(results.map((r) => r.requests)),
    errors: sum(results.map((r) => r.errors)),
    throttled: sum(results.map((r) => r.throttled)),
  });
  const alongside = rounds[0]?.alongside?.map(({ name }) => ({
    name,
    ...summary(rounds.flatMap((r) => r.alongside?.filter((a) => a.name === name) ?? [])),
  }));
  const cpu = rounds.filter((r) => r.serverCpuMs !== undefined && r.requests > 0 && !r.alongside?.length);
  return {
    ...summary(rounds),
    cpuMsPerRequest: cpu.length ? round(median(cpu.map((r) => r.serverCpuMs! / r.requests)), 3) : null,
    ...(alongside ? { alongside } : {}),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/**
 * Adds the ratios to the baseline (machines are noisy; ratios are what we compare): to its run of the same scenario
 * when it serves it (scenario 6's routes), else to its scenario 1. Scenario 1's rows also get their ratio to the raw
 * limit's scenario 1.
 */
export function withRatios(runs: MeasuredRun[]): RunRecord[] {
  const baseline = (scenario: string, c: number) => runs.find((r) => r.server === 'baseline' && r.connections === c && r.scenario === scenario);
  const raw = (c: number) => runs.find((r) => r.server === 'raw-limit' && r.connections === c && r.scenario === 'products');
  return runs.map((run) => {
    const base = baseline(run.scenario, run.connections) ?? baseline('products', run.connections);
    const limit = run.number === '1' ? raw(run.connections) : undefined;
    return {
      ...run,
      ratio: base && base.requestsPerSecond > 0 ? round(run.requestsPerSecond / base.requestsPerSecond) : null,
      p99Ratio: base && base.p99 > 0 ? round(run.p99 / base.p99) : null,
      rawRatio: limit && limit.requestsPerSecond > 0 ? round(run.requestsPerSecond / limit.requestsPerSecond) : null,
    };
  });
}

/** The issue's targets, each with what this run measured. */
export function evaluateTargets(runs: RunRecord[], sql: SqlCount[], connections: number[]): Target[] {
  const find = (scenario: string, server: ServerRole, c: number) => runs.find((r) => r.scenario === scenario && r.server === server && r.connections === c);
  const targets: Target[] = [];
  const low = Math.min(...connections);
  const high = Math.max(...connections);
  const s1High = find('products', 'platform', high);
  const baseHigh = find('products', 'baseline', high);
  const s1Low = find('products', 'platform', low);
  for (const c of connections) {
    const s1 = find('products', 'platform', c);
    if (s1?.ratio != null) targets.push({ target: `scenario 1 tokenless >= 90% of the baseline's req/s at ${c} connections`, measured: `${Math.round(s1.ratio * 100)}%`, met: s1.ratio >= 0.9 });
  }
  for (const c of connections) {
    const s1 = find('products', 'platform', c);
    if (s1?.rawRatio != null) targets.push({ target: `scenario 1 tokenless >= 45% of the raw limit's req/s at ${c} connections`, measured: `${Math.round(s1.rawRatio * 100)}%`, met: s1.rawRatio >= 0.45 });
  }
  if (s1Low) targets.push({ target: `scenario 1 p99 < 50 ms at ${low} connections`, measured: `${s1Low.p99} ms`, met: s1Low.p99 < 50 });
  if (s1High && baseHigh) {
    const ratio = round(s1High.p99 / Math.max(1, baseHigh.p99));
    targets.push({ target: `scenario 1 p99 within 1.5x the baseline's at ${high} connections`, measured: `${ratio}x`, met: ratio <= 1.5 });
  }
  for (const [variant, server] of TOKEN_VARIANTS) {
    for (const c of connections) {
      const tokenless = find('products', 'platform', c);
      const token = find(variant, server, c);
      if (!tokenless || !token) continue;
      const ratio = round(token.requestsPerSecond / Math.max(1, tokenless.requestsPerSecond));
      targets.push({ target: `${variant} >= 90% of tokenless req/s at ${c} connections`, measured: `${Math.round(ratio * 100)}% (${token.requestsPerSecond} vs ${tokenless.requestsPerSecond})`, met: ratio >= 0.9 });
    }
  }
  targets.push(...hostileTargets(runs, connections));
  // Scenarios 5, 6, 7a and 9: the reads against the baseline's routes answering the same JSON (7a's file: the same bytes).
  for (const scenario of BASELINE_READS) {
    for (const c of connections) {
      const run = find(scenario, 'platform', c);
      if (run?.ratio != null) targets.push({ target: `${scenario} >= 70% of the baseline's req/s at ${c} connections`, measured: `${Math.round(run.ratio * 100)}%`, met: run.ratio >= 0.7 });
    }
  }
  // Scenarios 4, 5b and 6: the writes against the baseline's same writes.
  for (const [scenario, share] of WRITES) {
    for (const c of connections) {
      const run = find(scenario, 'platform', c);
      if (run?.ratio != null) targets.push({ target: `${scenario} >= ${share * 100}% of the baseline's req/s at ${c} connections`, measured: `${Math.round(run.ratio * 100)}%`, met: run.ratio >= share });
    }
  }
  const cart = find('cart', 'platform', low);
  if (cart) targets.push({ target: `cart p99 < 100 ms at ${low} connections`, measured: `${cart.p99} ms`, met: cart.p99 < 100 });
  const platformRss = runs.filter((r) => r.server.startsWith('platform')).map((r) => r.rssMb);
  if (platformRss.length) {
    const peak = Math.max(...platformRss);
    targets.push({ target: 'platform peak RSS <= 300 MiB', measured: `${peak} MiB`, met: peak <= 300 });
  }
  const failed = runs.filter((r) => r.errors > 0);
  targets.push({ target: 'no errors other than intended throttles', measured: failed.length ? failed.map((r) => `${r.scenario}@${r.connections}: ${r.errors}`).join(', ') : '0', met: failed.length === 0 });
  // The storefront's reads (the admin pages, writes and images of scenarios 5, 5b, 6, 7a and 9 are measured against their baseline instead).
  const reads = runs.filter((r) => r.server !== 'baseline' && r.server !== 'raw-limit' && r.connections === low && !['hostile', '4', '5', '5b', '6', '7a', '9'].includes(r.number));
  // Scenario 1 while the catalog writes run: its req/s within 10% of scenario 1's alone.
  for (const c of connections) {
    const alone = find('products', 'platform', c);
    const underWrites = find('listing-under-writes', 'platform', c);
    if (!alone || !underWrites) continue;
    const ratio = round(underWrites.requestsPerSecond / Math.max(1, alone.requestsPerSecond));
    targets.push({ target: `scenario 1 while catalog writes run >= 90% of its req/s alone at ${c} connections`, measured: `${Math.round(ratio * 100)}%`, met: ratio >= 0.9 });
  }
  const slowest = reads.reduce((a, b) => (b.p99 > a.p99 ? b : a), reads[0]!);
  if (slowest) targets.push({ target: `every storefront read scenario p99 < 100 ms at ${low} connections`, measured: `worst ${slowest.scenario}: ${slowest.p99} ms`, met: slowest.p99 < 100 });
  const varying = sql.filter((s) => !s.constant);
  targets.push({ target: 'SQL statements per request constant in the page size', measured: varying.length ? `varies: ${varying.map((s) => s.scenario).join(', ')}` : 'constant', met: varying.length === 0 });
  const page1 = runs.find((r) => r.scenario === 'page-1');
  const page1000 = runs.find((r) => r.scenario === 'page-1000');
  if (page1 && page1000) {
    const ratio = round(page1000.requestsPerSecond / Math.max(1, page1.requestsPerSecond));
    targets.push({ target: 'page 1,000 costs what page 1 costs (req/s within 20%)', measured: `${page1000.requestsPerSecond} vs ${page1.requestsPerSecond} req/s (${ratio}x)`, met: ratio >= 0.8 });
  }
  const off = find('throttle-off', 'platform-unthrottled', high);
  if (s1High && off) {
    const overhead = round(1 - s1High.requestsPerSecond / Math.max(1, off.requestsPerSecond), 3);
    targets.push({ target: `throttle adds < 10% to scenario 1 (${high} connections)`, measured: `${round(overhead * 100, 1)}%`, met: overhead < 0.1 });
  }
  const metricsOn = find('metrics-on', 'platform-metrics', high);
  if (s1High && metricsOn) {
    const cost = round(1 - metricsOn.requestsPerSecond / Math.max(1, s1High.requestsPerSecond), 3);
    targets.push({ target: `metrics cost < 5% of scenario 1 (${high} connections)`, measured: `${round(cost * 100, 1)}%`, met: cost < 0.05 });
  }
  const tracingOn = find('tracing-on', 'platform-traced', high);
  if (s1High && tracingOn) {
    const cost = round(1 - tracingOn.requestsPerSecond / Math.max(1, s1High.requestsPerSecond), 3);
    targets.push({ target: `tracing cost < 15% of scenario 1 (${high} connections)`, measured: `${round(cost * 100, 1)}%`, met: cost < 0.15 });
  }
  return targets;
}

const BASELINE_READS = ['rest-customers', 'admin-customers', 'admin-products', 'rest-orders', 'admin-orders', 'image-list', 'image-served'];

// Each write and the share of the baseline's req/s it must reach.
const WRITES: [string, number][] = [
  ['cart', 0.75],
  ['rest-customer-create', 0.6],
  ['admin-customer-create', 0.6],
  ['catalog-write-product-set', 0.7],
  ['catalog-write-inventory', 0.7],
];

const TOKEN_VARIANTS: [string, ServerRole][] = [
  ['products-public', 'platform'],
  ['products-private', 'platform'],
];

/** A refused hostile document must be cheap, and buyers and health probes must barely notice an attack. */
function hostileTargets(runs: RunRecord[], connections: number[]): Target[] {
  const targets: Target[] = [];
  const refusals = runs.find((r) => r.scenario === 'refusals');
  const listing = runs.find((r) => r.scenario === 'products' && r.server === 'platform' && r.connections === Math.min(...connections));
  if (refusals?.cpuMsPerRequest != null && listing?.cpuMsPerRequest != null) {
    const share = round(refusals.cpuMsPerRequest / listing.cpuMsPerRequest);
    targets.push({
      target: 'a refused hostile document costs < 25% of the server CPU of a scenario 1 request',
      measured: `${refusals.cpuMsPerRequest} ms vs ${listing.cpuMsPerRequest} ms (${Math.round(share * 100)}%)`,
      met: share < 0.25,
    });
  }
  for (const c of connections) {
    const attacked = runs.find((r) => r.scenario === 'under-attack' && r.connections === c);
    const calm = runs.find((r) => r.scenario === 'products' && r.server === 'platform' && r.connections === c);
    if (!attacked || !calm) continue;
    const ratio = round(attacked.p99 / Math.max(1, calm.p99));
    targets.push({ target: `scenario 1 p99 under hostile load within 1.5x of its p99 without, at ${c} connections`, measured: `${attacked.p99} vs ${calm.p99} ms (${ratio}x)`, met: ratio <= 1.5 });
    // A probe must not read a busy server as a dead one: under attack it answers no slower than a buyer's page does without.
    const health = attacked.alongside?.find((a) => a.name === '/healthz');
    if (health) {
      targets.push({ target: `/healthz p99 under hostile load within scenario 1's p99 without, at ${c} connections`, measured: `${health.p99} vs ${calm.p99} ms`, met: health.p99 <= calm.p99 });
    }
  }
  return targets;
}

/** `/healthz` under the hostile scenario beside scenario 1 without it, at each connection count (issue 32, item 4). */
export interface HealthUnderAttack {
  connections: number;
  /** The probe's latency under attack, and how many probes it is taken from (a p99 of 100 probes is about the slowest). */
  healthP50: number;
  healthP99: number;
  probes: number;
  /** Scenario 1's p99 on the platform without the attack, and with it. */
  listingP99Calm: number | null;
  listingP99Attacked: number;
}

export function healthUnderAttack(runs: RunRecord[]): HealthUnderAttack[] {
  return runs.flatMap((attacked) => {
    const health = attacked.scenario === 'under-attack' ? attacked.alongside?.find((a) => a.name === '/healthz') : undefined;
    if (!health) return [];
    const calm = runs.find((r) => r.scenario === 'products' && r.server === 'platform' && r.connections === attacked.connections);
    return [{ connections: attacked.connections, healthP50: health.p50, healthP99: health.p99, probes: health.requests, listingP99Calm: calm?.p99 ?? null, listingP99Attacked: attacked.p99 }];
  });
}

export function formatReport(runs: RunRecord[], sql: SqlCount[], targets: Target[], pending: { number: string; title: string; waitsFor: string }[]): string {
  const header = ['#', 'scenario', 'server', 'conns', 'req/s', 'x base', 'x raw', 'p50 ms', 'p99 ms', 'p99 x base', 'errors', '429s', 'RSS MiB', 'CPU ms/req'];
  const rows = runs.map((r) => [
    r.number, r.scenario, r.server, String(r.connections), String(r.requestsPerSecond), r.ratio === null ? '' : r.ratio.toFixed(2),
    r.rawRatio === null ? '' : r.rawRatio.toFixed(2), String(r.p50), String(r.p99), r.p99Ratio === null ? '' : r.p99Ratio.toFixed(2), String(r.errors), String(r.throttled), String(r.rssMb),
    r.cpuMsPerRequest === null ? '' : r.cpuMsPerRequest.toFixed(2),
  ]);
  const lines = [table(header, rows)];
  const alongside = runs.filter((r) => r.alongside?.length);
  if (alongside.length) lines.push('', 'Load alongside (other clients during the same measurement):');
  for (const r of alongside) {
    for (const a of r.alongside!) {
      lines.push(`  ${r.scenario} @${r.connections}: ${a.name}: ${a.requestsPerSecond} req/s, p50 ${a.p50} ms, p99 ${a.p99} ms, ${a.requests} requests, ${a.errors} not as expected`);
    }
  }
  const health = healthUnderAttack(runs);
  if (health.length) {
    lines.push('', '/healthz under the hostile scenario, beside scenario 1 without it (ms):');
    const header = ['conns', '/healthz p50', '/healthz p99', 'probes', 'scenario 1 p99 without attack', 'scenario 1 p99 under attack'];
    const cells = health.map((h) => [String(h.connections), String(h.healthP50), String(h.healthP99), String(h.probes), h.listingP99Calm === null ? '' : String(h.listingP99Calm), String(h.listingP99Attacked)]);
    lines.push(...table(header, cells, 0).split('\n').map((line) => `  ${line}`));
  }
  lines.push('', 'SQL statements per request:');
  for (const s of sql) lines.push(`  ${s.scenario}: ${Object.entries(s.statements).map(([k, v]) => (k === 'any' ? `${v}` : `${v} (${k})`)).join(', ')}`);
  lines.push('', 'Targets:');
  for (const t of targets) lines.push(`  [${t.met ? 'met' : 'MISSED'}] ${t.target}: ${t.measured}`);
  lines.push('', 'Pending scenarios (their features have not landed):');
  for (const p of pending) lines.push(`  ${p.number}. ${p.title} (with ${p.waitsFor})`);
  return lines.join('\n');
}

/** Text columns (the first `left`) aligned left, figures right. */
export function table(header: string[], rows: string[][], left = 3): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < left ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
