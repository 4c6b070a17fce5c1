import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import Fastify, { type FastifyInstance } from 'fastify';
import { PLATFORM_CONFIG, type PlatformConfig } from '@platform/config';
import { PlatformMetrics, metricsEnabled } from './platform-metrics.js';

const PATH = '/metrics';

/**
 * Where the metrics are read, never by shops' clients: `GET /metrics` on the API's port with
 * `Authorization: Bearer <METRICS_TOKEN>` (404 to anyone else, as if there were none), and/or a listener of its own on
 * `METRICS_PORT` (for a network only the scraper reaches). Neither set: no `/metrics` and no per-request hook.
 */
@Injectable()
export class MetricsRoute implements OnApplicationShutdown {
  private server?: FastifyInstance;

  constructor(
    private readonly metrics: PlatformMetrics,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  get enabled(): boolean {
    return metricsEnabled(this.config);
  }

  /** Counts every answered request (by surface, route pattern, method, status) and serves `/metrics` by token. */
  install(fastify: FastifyInstance): void {
    if (!this.enabled) return;
    fastify.addHook('onResponse', (request, reply, done) => {
      this.metrics.request(
        { surface: request.platform?.surface ?? 'none', route: request.routeOptions.url ?? 'unmatched', method: request.method, status: reply.statusCode },
        reply.elapsedTime / 1000,
      );
      done();
    });
    const token = this.config.metrics.token;
    if (token === undefined) return;
    fastify.route({
      method: 'GET',
      url: PATH,
      handler: async (request, reply) => {
        if (!bearerMatches(request.headers.authorization, token)) return reply.code(404).send({ errors: 'Not Found' });
        const { contentType, body } = await this.metrics.scrape();
        return reply.code(200).header('content-type', contentType).header('cache-control', 'no-store').send(body);
      },
    });
  }

  /** The listener of its own on METRICS_PORT, if set (on HOST, as the API listens). */
  async listen(host: string): Promise<number | undefined> {
    const port = this.config.metrics.port;
    if (port === undefined) return undefined;
    const server = Fastify({ logger: false });
    server.get(PATH, async (_request, reply) => {
      const { contentType, body } = await this.metrics.scrape();
      return reply.code(200).header('content-type', contentType).header('cache-control', 'no-store').send(body);
    });
    await server.listen({ port, host });
    this.server = server;
    const address = server.server.address();
    return typeof address === 'object' && address ? address.port : port;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server?.close();
  }
}

// `Bearer <token>` (the scheme in any case, as HTTP's schemes are), the token compared in constant time.
function bearerMatches(header: string | undefined, token: string): boolean {
  if (header?.slice(0, 'Bearer '.length).toLowerCase() !== 'bearer ') return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
