import type { PlatformConfig } from '@platform/config';

/** A GraphQL answer as the metrics read it: its errors' codes and the admin cost extension. */
export interface GraphqlAnswer {
  errors?: unknown;
  extensions?: Record<string, unknown>;
}

/**
 * What the parts of the process report (requests, throttle refusals, GraphQL answers) and what `/metrics` serves. With
 * metrics off (the default) it is this class itself, whose calls do nothing; on, it is `PrometheusMetrics`, loaded
 * only then (prom-client and its collectors cost a process about 10 MiB and an event-loop monitor).
 */
export class PlatformMetrics {
  /** One answered request; `route` is the matched route's pattern (`unmatched` for a 404 of no route). */
  request(_labels: { surface: string; route: string; method: string; status: number }, _seconds: number): void {}

  /** A request refused by a rate limit (`rest`, `admin_graphql`, `storefront`, `checkout`, `login`, …). */
  throttled(_bucket: string): void {}

  /** A GraphQL answer: each error's code, and the admin cost extension when it has one. */
  graphql(_surface: string, _answer: GraphqlAnswer): void {}

  /** The exposition text and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: 'text/plain; version=0.0.4; charset=utf-8', body: '' };
  }
}

/** Whether the process keeps metrics: a METRICS_TOKEN or a METRICS_PORT is set. */
export function metricsEnabled(config: PlatformConfig): boolean {
  return config.metrics.token !== undefined || config.metrics.port !== undefined;
}
