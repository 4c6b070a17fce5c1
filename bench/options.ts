import { parseArgs } from 'node:util';

/** What one `npm run bench` does; `--smoke` is the CI mode (small shop, short runs, same table). */
export interface BenchOptions {
  smoke: boolean;
  products: number;
  /** Customers of the seeded shop: scenario 6 walks them 250 to a page. */
  customers: number;
  /** Orders of the seeded shop: the orders scenarios walk them 250 (REST) and 50 (GraphQL) to a page. */
  orders: number;
  /** Seconds of measured load per server, scenario and connection count (after the warm-up), split into rounds. */
  duration: number;
  warmup: number;
  /**
   * Measurements of one connection count take turns in this many rounds (baseline, platform, …, then again):
   * a machine that slows down for a while slows every server alike. Each figure is the median of its rounds.
   */
  rounds: number;
  connections: number[];
  /**
   * Run only the scenarios and measurements (`image-transforms`, `image-downloads`, `jobs`, `outbound`) whose id starts
   * with one of these; scenario 1 always runs (the ratios' reference).
   */
  only: string[];
  /** Where the JSON results go (undefined: bench/results/<date>[.smoke|.soak].json). */
  out?: string;
  /**
   * Soak mode: this many seconds of mixed traffic against the platform alone (no baselines, no comparison table),
   * its RSS and V8 heap sampled every 10 s, and whether memory grew after the first minute.
   */
  soak?: number;
}

const USAGE = `npm run bench -- [--smoke] [--products N] [--customers N] [--orders N] [--duration S] [--warmup S] [--rounds N] [--connections 10,50] [--only products,search] [--out FILE]
npm run bench -- --soak S [--products N] [--customers N] [--orders N] [--out FILE]
  --soak S   S seconds of mixed traffic against the platform alone (storefront listing, cart writes, admin reads, REST
             customer creates); prints its RSS and V8 heap every 10 s and whether memory grew after the first minute`;

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      smoke: { type: 'boolean', default: false },
      products: { type: 'string' },
      customers: { type: 'string' },
      orders: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      rounds: { type: 'string' },
      connections: { type: 'string' },
      only: { type: 'string' },
      out: { type: 'string' },
      soak: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const smoke = values.smoke ?? false;
  return {
    smoke,
    products: positive(values.products, smoke ? 2_000 : 10_000, 'products'),
    customers: Math.round(positive(values.customers, smoke ? 1_000 : 5_000, 'customers')),
    orders: Math.round(positive(values.orders, smoke ? 1_000 : 5_000, 'orders')),
    duration: positive(values.duration, smoke ? 1 : 12, 'duration'),
    warmup: positive(values.warmup, smoke ? 0.5 : 3, 'warmup'),
    rounds: Math.round(positive(values.rounds, smoke ? 2 : 3, 'rounds')),
    connections: values.connections ? values.connections.split(',').map((c) => positive(c, 0, 'connections')) : [10, 50],
    only: values.only ? values.only.split(',').map((s) => s.trim()).filter(Boolean) : [],
    out: values.out,
    ...(values.soak !== undefined ? { soak: positive(values.soak, 0, 'soak') } : {}),
  };
}

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number (got ${value}); usage: ${USAGE}`);
  return n;
}
