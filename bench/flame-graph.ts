import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

// A V8 CPU profile (`node --cpu-prof`, `.cpuprofile`) as a flame graph (SVG) and a table of where the busy time went,
// by part of the request's path. Used for docs/performance.md: `node dist/bench/flame-graph.js PROFILE --svg OUT`.

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The parts of a request's path a sample is counted in, checked from the leaf up; the first that claims a frame wins. */
export const PARTS = [
  'garbage collection',
  'logging',
  'Postgres client (pg, socket writes to Postgres)',
  'throttle (Redis)',
  'response serialization',
  'GraphQL execution (resolvers, graphql-jit, DataLoader)',
  'GraphQL preparation (parse, validate, cost, guard)',
  'HTTP and request pipeline (Fastify, Nest, request context, auth, shop)',
  'module loading (start-up)',
  'other',
] as const;
export type Part = (typeof PARTS)[number];

const RULES: readonly [Part, (frame: CallFrame) => boolean][] = [
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  ['logging', (f) => /node_modules\/(pino|sonic-boom|thread-stream)\/|platform\/logging\//.test(f.url)],
  ['Postgres client (pg, socket writes to Postgres)', (f) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-array)\/|platform\/database\//.test(f.url)],
  ['throttle (Redis)', (f) => /node_modules\/(ioredis|redis-parser|@ioredis)\/|platform\/throttling\//.test(f.url)],
  ['response serialization', (f) => /fast-json-stringify|graphql\/.*serialized|response-size/.test(f.url) || f.functionName === 'stringify'],
  ['GraphQL execution (resolvers, graphql-jit, DataLoader)', (f) => /node_modules\/(graphql-jit|dataloader)\/|\/libs\/(?!platform\/)[^/]+\/src\/|graphql\/execution|graphql-executor|compiled-queries/.test(f.url)],
  ['GraphQL preparation (parse, validate, cost, guard)', (f) => /node_modules\/graphql\/|platform\/graphql\//.test(f.url)],
  ['HTTP and request pipeline (Fastify, Nest, request context, auth, shop)', (f) => /node_modules\/(fastify|@fastify|@nestjs|find-my-way|light-my-request|avvio|rxjs)\/|node:_http|platform\/(request|auth|tenancy|versioning|rest)\/|apps\/api\//.test(f.url)],
  ['module loading (start-up)', (f) => /node:internal\/modules|cjs-module-lexer/.test(f.url) || f.functionName === 'compileSourceTextModule'],
];

const UNCOUNTED = new Set(['(idle)', '(program)', '(root)']);

/** Busy milliseconds by part, with the profile's idle time apart; a native frame is counted with its caller's part. */
export function timeByPart(profile: CpuProfile): { busyMs: number; idleMs: number; parts: Map<Part, number> } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const partOf = new Map<number, Part | null>();
  const classify = (id: number): Part | null => {
    if (partOf.has(id)) return partOf.get(id)!;
    const frame = byId.get(id)!.callFrame;
    const rule = RULES.find(([, claims]) => claims(frame));
    const up = parent.get(id);
    const part = rule ? rule[0] : up === undefined ? null : classify(up);
    partOf.set(id, part);
    return part;
  };
  const parts = new Map<Part, number>(PARTS.map((p) => [p, 0]));
  let idleMs = 0;
  let busyMs = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const name = byId.get(id)!.callFrame.functionName;
    if (name === '(idle)') return void (idleMs += ms);
    busyMs += ms;
    const part = UNCOUNTED.has(name) ? 'other' : (classify(id) ?? 'other');
    parts.set(part, parts.get(part)! + ms);
  });
  return { busyMs, idleMs, parts };
}

const COLORS: Record<Part, string> = {
  'garbage collection': '#d9534f',
  logging: '#9b59b6',
  'Postgres client (pg, socket writes to Postgres)': '#3572a5',
  'throttle (Redis)': '#e67e22',
  'response serialization': '#16a085',
  'GraphQL execution (resolvers, graphql-jit, DataLoader)': '#e5c07b',
  'GraphQL preparation (parse, validate, cost, guard)': '#c9a227',
  'HTTP and request pipeline (Fastify, Nest, request context, auth, shop)': '#7f8c8d',
  'module loading (start-up)': '#bdc3c7',
  other: '#dddddd',
};

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** The flame graph: the root at the bottom, a frame as wide as its share of the busy time; frames under 0.1% left out. */
export function flameGraphSvg(profile: CpuProfile, title: string, width = 1200): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = new Map<number, number>();
  const sum = (id: number): number => {
    const node = byId.get(id)!;
    const t = node.callFrame.functionName === '(idle)' ? 0 : (self.get(id) ?? 0) + (node.children ?? []).reduce((acc, child) => acc + sum(child), 0);
    total.set(id, t);
    return t;
  };
  const root = profile.nodes[0]!;
  const busy = sum(root.id);
  const frames: { x: number; w: number; depth: number; label: string; part: Part }[] = [];
  const visit = (id: number, x: number, depth: number) => {
    const w = (total.get(id)! / busy) * width;
    if (w < width / 1000) return;
    const frame = byId.get(id)!.callFrame;
    const where = frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, '').replace(/^file:\/\//, '');
    const share = ((100 * total.get(id)!) / busy).toFixed(1);
    const label = `${frame.functionName || '(anonymous)'}${where ? ` ${where}:${frame.lineNumber + 1}` : ''} (${share}%)`;
    frames.push({ x, w, depth, label, part: RULES.find(([, claims]) => claims(frame))?.[0] ?? 'other' });
    let childX = x;
    for (const child of byId.get(id)!.children ?? []) {
      visit(child, childX, depth + 1);
      childX += (total.get(child)! / busy) * width;
    }
  };
  visit(root.id, 0, 0);
  const { parts } = timeByPart(profile);
  const shown = PARTS.filter((p) => parts.get(p)! > 0);
  const legendTop = 24;
  const graphTop = legendTop + Math.ceil(shown.length / 2) * 16 + 8;
  const rowHeight = 16;
  const depthMax = Math.max(...frames.map((f) => f.depth));
  const height = graphTop + (depthMax + 1) * rowHeight;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="monospace" font-size="11">`,
    `<text x="0" y="14" font-size="13">${escapeXml(title)}</text>`,
    ...shown.map((p, i) => {
      const [x, y] = [(i % 2) * 600, legendTop + Math.floor(i / 2) * 16];
      return `<rect x="${x}" y="${y}" width="12" height="12" fill="${COLORS[p]}"/><text x="${x + 16}" y="${y + 10}">${escapeXml(p)}</text>`;
    }),
    ...frames.map(({ x, w, depth, label, part }) => {
      const y = graphTop + (depthMax - depth) * rowHeight;
      const text = w > 40 ? `<text x="${(x + 3).toFixed(1)}" y="${y + 11}">${escapeXml(label.slice(0, Math.floor((w - 6) / 6.7)))}</text>` : '';
      return `<g><title>${escapeXml(label)}</title><rect x="${x.toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="${rowHeight - 1}" fill="${COLORS[part]}"/>${text}</g>`;
    }),
    '</svg>',
  ].join('\n');
}

/** The table of parts, as docs/performance.md shows it. */
export function formatParts(profile: CpuProfile): string {
  const { busyMs, idleMs, parts } = timeByPart(profile);
  const rows = [...parts].filter(([, ms]) => ms > 0).sort((a, b) => b[1] - a[1]);
  return [
    `busy ${busyMs.toFixed(0)} ms, idle ${idleMs.toFixed(0)} ms`,
    '| part | share of busy time |',
    '|---|---|',
    ...rows.map(([part, ms]) => `| ${part} | ${((100 * ms) / busyMs).toFixed(1)}% |`),
  ].join('\n');
}

/** The profile's last `seconds` only: the load, without the process' start (a profile covers the whole process). */
export function lastSeconds(profile: CpuProfile, seconds: number): CpuProfile {
  let remaining = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0);
  const kept = profile.samples.flatMap((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    remaining -= delta;
    return remaining < seconds * 1e6 ? [[id, delta] as const] : [];
  });
  return { nodes: profile.nodes, samples: kept.map(([id]) => id), timeDeltas: kept.map(([, delta]) => delta) };
}

if (process.argv[1]?.endsWith('flame-graph.js')) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { svg: { type: 'string' }, title: { type: 'string' }, last: { type: 'string', default: 'Infinity' } },
  });
  const file = positionals[0];
  if (!file) throw new Error('usage: node dist/bench/flame-graph.js PROFILE.cpuprofile [--last SECONDS] [--svg OUT.svg] [--title T]');
  const profile = lastSeconds(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(values.last));
  console.log(formatParts(profile));
  if (values.svg) writeFileSync(values.svg, flameGraphSvg(profile, values.title ?? file));
}
