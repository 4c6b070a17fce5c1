import type { AlongsideResult, LoadResult } from './load-plan.js';
import { table } from './report.js';

// `npm run bench -- --soak S`: mixed traffic against the platform alone for S seconds, its memory sampled every
// SAMPLE_SECONDS, and a verdict on growth after the first minute (docs/performance.md, "Soak").

export const SAMPLE_SECONDS = 10;

/** One part of the mixed traffic: a scenario of bench/scenarios.ts, on its own connections. */
export interface SoakPart {
  scenario: string;
  connections: number;
  /** Requests per second in all (unset: as fast as the server answers). */
  rate?: number;
}

// A shop's day in small: mostly buyers browsing, some carts, the merchant's admin reads, and customers created at a
// steady trickle (at full speed one connection would create tens of thousands). The first part drives the others.
export const SOAK_MIX: SoakPart[] = [
  { scenario: 'products', connections: 6 },
  { scenario: 'cart', connections: 2 },
  { scenario: 'admin-customers', connections: 1 },
  { scenario: 'admin-orders', connections: 1 },
  { scenario: 'rest-customer-create', connections: 1, rate: 20 },
];

/** The server's memory at `t` seconds into the soak, in MiB. */
export interface MemorySample {
  t: number;
  /** VmRSS of /proc/<pid>/status. */
  rssMiB: number;
  /** `process.memoryUsage()` in the server: V8's heap used and reserved, and memory outside it (buffers). */
  heapUsedMiB: number;
  heapTotalMiB: number;
  externalMiB: number;
}

export interface Growth {
  metric: 'rssMiB' | 'heapUsedMiB';
  /** The window compared against: minutes 1–2, or the second quarter of a run too short for them. */
  reference: { from: number; to: number; maxMiB: number };
  lastHalf: { from: number; to: number; maxMiB: number };
  /** Last half's max over the reference's, in percent (+12.5 is 12.5% more). */
  growthPercent: number;
  grew: boolean;
}

/** Growth over this (percent) is flagged. */
export const GROWTH_LIMIT_PERCENT = 10;
/** Runs of at least this many seconds compare with minutes 1–2; the last half then starts after them. */
const FULL_RULE_SECONDS = 240;

/**
 * Whether memory grew after the first minute: the highest sample of the last half against the highest of minutes
 * 1–2 (60–120 s), over 10% flagged. A run shorter than 240 s has no last half after minute 2; it compares with its
 * second quarter instead (a weaker check, said in the window it reports). Null when a window has no sample.
 */
export function memoryGrowth(samples: MemorySample[], seconds: number, metric: Growth['metric']): Growth | null {
  const [from, to] = seconds >= FULL_RULE_SECONDS ? [60, 120] : [seconds / 4, seconds / 2];
  const reference = samples.filter((s) => s.t >= from && s.t <= to && s.t < seconds / 2);
  const lastHalf = samples.filter((s) => s.t >= seconds / 2);
  if (reference.length === 0 || lastHalf.length === 0) return null;
  const max = (list: MemorySample[]) => Math.max(...list.map((s) => s[metric]));
  const growthPercent = Math.round((max(lastHalf) / max(reference) - 1) * 1000) / 10;
  return {
    metric,
    reference: { from: reference[0]!.t, to: reference.at(-1)!.t, maxMiB: max(reference) },
    lastHalf: { from: lastHalf[0]!.t, to: lastHalf.at(-1)!.t, maxMiB: max(lastHalf) },
    growthPercent,
    grew: growthPercent > GROWTH_LIMIT_PERCENT,
  };
}

const mib = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

/** A sample from the server's RSS (bytes) and its `process.memoryUsage()`. */
export function memorySample(t: number, rssBytes: number, usage: Pick<NodeJS.MemoryUsage, 'heapUsed' | 'heapTotal' | 'external'>): MemorySample {
  return { t, rssMiB: mib(rssBytes), heapUsedMiB: mib(usage.heapUsed), heapTotalMiB: mib(usage.heapTotal), externalMiB: mib(usage.external) };
}

export function formatSoak(seconds: number, mix: SoakPart[], samples: MemorySample[], load: (Omit<AlongsideResult, 'name'> & { name: string })[], growth: (Growth | null)[]): string {
  const mixText = mix.map((p) => `${p.scenario} ×${p.connections}${p.rate ? ` at ${p.rate}/s` : ''}`).join(', ');
  const lines = [`Soak: ${seconds} s of mixed traffic against the platform (${mixText})`, ''];
  const rows = samples.map((s) => [String(s.t), s.rssMiB.toFixed(1), s.heapUsedMiB.toFixed(1), s.heapTotalMiB.toFixed(1), s.externalMiB.toFixed(1)]);
  lines.push(table(['t s', 'RSS MiB', 'heap used MiB', 'heap total MiB', 'external MiB'], rows, 0), '', 'Load:');
  for (const part of load) {
    lines.push(`  ${part.name}: ${part.requestsPerSecond} req/s, p50 ${part.p50} ms, p99 ${part.p99} ms, ${part.requests} requests, ${part.errors} errors, ${part.throttled} throttled`);
  }
  lines.push('', 'Memory after the first minute (highest sample of the last half against the highest of the reference window):');
  for (const g of growth) {
    if (!g) {
      lines.push('  too short to judge: a window has no sample');
      continue;
    }
    const name = g.metric === 'rssMiB' ? 'RSS' : 'heap used';
    const span = (w: { from: number; to: number }) => (w.from === w.to ? `${w.from} s` : `${w.from}–${w.to} s`);
    const window = g.reference.from >= 60 && seconds >= FULL_RULE_SECONDS ? 'minutes 1–2' : 'the second quarter (run shorter than 240 s)';
    lines.push(
      `  ${name}: ${g.lastHalf.maxMiB} MiB at ${span(g.lastHalf)} against ${g.reference.maxMiB} MiB at ${span(g.reference)}, ${window}: ` +
        `${g.growthPercent >= 0 ? '+' : ''}${g.growthPercent}% → ${g.grew ? `GREW (over ${GROWTH_LIMIT_PERCENT}%)` : 'flat'}`,
    );
  }
  return lines.join('\n');
}

/** The main load's result and each alongside load's, named by scenario. */
export function soakLoad(mix: SoakPart[], result: LoadResult): (Omit<AlongsideResult, 'name'> & { name: string })[] {
  const { alongside, serverCpuMs: _cpu, ...main } = result;
  return [{ name: mix[0]!.scenario, ...main }, ...(alongside ?? [])];
}
