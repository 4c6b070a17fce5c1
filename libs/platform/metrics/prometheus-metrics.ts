import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { SqlPool } from '@platform/database';
import type { JobQueue } from '@platform/queue';
import { OUTBOX_LAG } from './metrics.sql.js';
import { type GraphqlAnswer, PlatformMetrics } from './platform-metrics.js';

// Seconds: from a cached read (a few ms) to the GraphQL execution deadline (10 s).
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// Query cost points: the admin bucket holds 1,000 (2,000 on plus); a single query may cost up to 1,000.
const COST_BUCKETS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000];

/**
 * The process' metrics in Prometheus' terms (prom-client, a registry of its own): requests by surface, route, method
 * and status with their durations; throttle refusals by bucket; GraphQL errors by code and query cost; and, read
 * when scraped, jobs by queue and state and their retries, the SQL pool's connections, the outbox's lag, and the process' own (event
 * loop lag, memory, GC). Labels are bounded: routes are Fastify's patterns, never raw URLs.
 */
export class PrometheusMetrics extends PlatformMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({ name: 'platform_http_requests_total', help: 'HTTP requests answered', labelNames: ['surface', 'route', 'method', 'status'], registers: [this.registry] });
  private readonly durations = new Histogram({
    name: 'platform_http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames: ['surface', 'route', 'method'],
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly refusals = new Counter({ name: 'platform_throttle_refusals_total', help: 'Requests refused by a rate limit', labelNames: ['bucket'], registers: [this.registry] });
  private readonly graphqlErrors = new Counter({ name: 'platform_graphql_errors_total', help: 'GraphQL errors answered, by code', labelNames: ['surface', 'code'], registers: [this.registry] });
  private readonly cost = new Histogram({
    name: 'platform_graphql_query_cost',
    help: 'Admin GraphQL query cost in points: requested (before) and actual (after execution)',
    labelNames: ['kind'],
    buckets: COST_BUCKETS,
    registers: [this.registry],
  });

  // Each request's series, found once: prom-client would hash the labels on every call. As bounded as the labels
  // (route patterns, methods, statuses).
  private readonly requestSeries = new Map<string, { count: Counter.Internal; time: Histogram.Internal<string> }>();

  constructor(queue: JobQueue, sql: SqlPool) {
    super();
    collectDefaultMetrics({ register: this.registry, prefix: 'platform_' });
    new Gauge({
      name: 'platform_jobs',
      help: 'Background jobs by queue and state',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        for (const [name, states] of Object.entries(await queue.counts())) {
          for (const [state, count] of Object.entries(states)) this.set({ queue: name, state }, count);
        }
      },
    });
    new Counter({
      name: 'platform_job_retries_total',
      help: 'Job tries that failed and were given another, by queue (where this process runs jobs)',
      labelNames: ['queue'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [name, count] of Object.entries(queue.retries())) this.inc({ queue: name }, count);
      },
    });
    new Gauge({
      name: 'platform_db_pool_connections',
      help: 'SQL pool connections: total, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const usage = sql.usage();
        this.set({ state: 'total' }, usage.total);
        this.set({ state: 'idle' }, usage.idle);
        this.set({ state: 'waiting' }, usage.waiting);
      },
    });
    new Gauge({
      name: 'platform_outbox_lag_seconds',
      help: 'Age of the oldest event the outbox has not handled yet (0 when none waits)',
      registers: [this.registry],
      async collect() {
        const [row] = await sql.unscoped<{ seconds: number | null }>(OUTBOX_LAG, []);
        this.set(row?.seconds ?? 0);
      },
    });
  }

  override request(labels: { surface: string; route: string; method: string; status: number }, seconds: number): void {
    const key = `${labels.surface} ${labels.method} ${labels.status} ${labels.route}`;
    let series = this.requestSeries.get(key);
    if (!series) {
      series = {
        count: this.requests.labels({ ...labels, status: String(labels.status) }),
        time: this.durations.labels({ surface: labels.surface, route: labels.route, method: labels.method }),
      };
      this.requestSeries.set(key, series);
    }
    series.count.inc();
    series.time.observe(seconds);
  }

  override throttled(bucket: string): void {
    this.refusals.inc({ bucket });
  }

  override graphql(surface: string, answer: GraphqlAnswer): void {
    if (Array.isArray(answer.errors)) {
      for (const error of answer.errors as { extensions?: { code?: unknown } }[]) {
        const code = typeof error.extensions?.code === 'string' ? error.extensions.code : 'UNKNOWN';
        this.graphqlErrors.inc({ surface, code });
      }
    }
    const cost = answer.extensions?.cost as { requestedQueryCost?: unknown; actualQueryCost?: unknown } | undefined;
    if (typeof cost?.requestedQueryCost === 'number') this.cost.observe({ kind: 'requested' }, cost.requestedQueryCost);
    if (typeof cost?.actualQueryCost === 'number') this.cost.observe({ kind: 'actual' }, cost.actualQueryCost);
  }

  override async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
