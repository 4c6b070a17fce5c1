import type { LoadResult } from './load-plan.js';
import type { ServerRole } from './scenarios.js';
import type { SqlCount } from './sql-count.js';

export interface RunRecord extends LoadResult {
  scenario: string;
  number: string;
  title: string;
  server: ServerRole;
  connections: number;
  rssMb: number;
  /** req/s and p99 relative to the baseline's scenario 1 at the same connection count. */
  ratio: number | null;
  p99Ratio: number | null;
}

export interface Target {
  target: string;
  measured: string;
  met: boolean;
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

/** One figure from several rounds of the same measurement: medians of the rates and latencies, sums of the counts. */
export function medianOfRounds(rounds: LoadResult[]): LoadResult {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return {
    requestsPerSecond: round(median(rounds.map((r) => r.requestsPerSecond)), 1),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    requests: sum(rounds.map((r) => r.requests)),
    errors: sum(rounds.map((r) => r.errors)),
    throttled: sum(rounds.map((r) => r.throttled)),
  };
}

/** Adds the ratios to the baseline's scenario 1 (machines are noisy; ratios are what we compare). */
export function withRatios(runs: Omit<RunRecord, 'ratio' | 'p99Ratio'>[]): RunRecord[] {
  const baseline = (c: number) => runs.find((r) => r.server === 'baseline' && r.connections === c);
  return runs.map((run) => {
    const base = baseline(run.connections);
    return {
      ...run,
      ratio: base && base.requestsPerSecond > 0 ? round(run.requestsPerSecond / base.requestsPerSecond) : null,
      p99Ratio: base && base.p99 > 0 ? round(run.p99 / base.p99) : null,
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
  if (s1High?.ratio != null) targets.push({ target: `scenario 1 >= 70% of the baseline's req/s at ${high} connections`, measured: `${Math.round(s1High.ratio * 100)}%`, met: s1High.ratio >= 0.7 });
  if (s1Low) targets.push({ target: `scenario 1 p99 < 50 ms at ${low} connections`, measured: `${s1Low.p99} ms`, met: s1Low.p99 < 50 });
  if (s1High && baseHigh) {
    const ratio = round(s1High.p99 / Math.max(1, baseHigh.p99));
    targets.push({ target: `scenario 1 p99 within 1.5x the baseline's at ${high} connections`, measured: `${ratio}x`, met: ratio <= 1.5 });
  }
  const failed = runs.filter((r) => r.errors > 0);
  targets.push({ target: 'no errors other than intended throttles', measured: failed.length ? failed.map((r) => `${r.scenario}@${r.connections}: ${r.errors}`).join(', ') : '0', met: failed.length === 0 });
  const reads = runs.filter((r) => r.server !== 'baseline' && r.connections === low);
  const slowest = reads.reduce((a, b) => (b.p99 > a.p99 ? b : a), reads[0]!);
  if (slowest) targets.push({ target: `every read scenario p99 < 100 ms at ${low} connections`, measured: `worst ${slowest.scenario}: ${slowest.p99} ms`, met: slowest.p99 < 100 });
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
  return targets;
}

export function formatReport(runs: RunRecord[], sql: SqlCount[], targets: Target[], pending: { number: string; title: string; waitsFor: string }[]): string {
  const header = ['#', 'scenario', 'server', 'conns', 'req/s', 'x base', 'p50 ms', 'p99 ms', 'p99 x base', 'errors', '429s', 'RSS MiB'];
  const rows = runs.map((r) => [
    r.number, r.scenario, r.server, String(r.connections), String(r.requestsPerSecond), r.ratio === null ? '' : r.ratio.toFixed(2),
    String(r.p50), String(r.p99), r.p99Ratio === null ? '' : r.p99Ratio.toFixed(2), String(r.errors), String(r.throttled), String(r.rssMb),
  ]);
  const lines = [table(header, rows), '', 'SQL statements per request:'];
  for (const s of sql) lines.push(`  ${s.scenario}: ${Object.entries(s.statements).map(([k, v]) => (k === 'any' ? `${v}` : `${v} (${k})`)).join(', ')}`);
  lines.push('', 'Targets:');
  for (const t of targets) lines.push(`  [${t.met ? 'met' : 'MISSED'}] ${t.target}: ${t.measured}`);
  lines.push('', 'Pending scenarios (their features have not landed):');
  for (const p of pending) lines.push(`  ${p.number}. ${p.title} (with ${p.waitsFor})`);
  return lines.join('\n');
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
