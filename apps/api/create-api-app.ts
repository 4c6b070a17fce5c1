import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { HealthProbe } from '@platform/health';
import { NestPinoLogger } from '@platform/logging';
import { RequestPipeline, answerClientError, answerFrameworkError, installJsonBodyParser } from '@platform/request';
import { RestModule, buildOpenApiDocument } from '@platform/rest';
import { MetricsRoute } from '@platform/metrics';
import { TRACING, type Tracing, installTracingHooks } from '@platform/tracing';
import { FilesRoute, UploadsRoute } from '@platform/storage';
import { ApiModule, type ApiRuntime, REST_MODULES } from './api.module.js';
import { installGraphiql } from './graphiql/graphiql.route.js';
import { HttpDrain } from './http-drain.js';
import { HTTP_TIMEOUTS, httpTimeoutOptions } from './http-timeouts.js';

const BODY_LIMIT_BYTES = 2 * 1024 * 1024;
/** The JSON around an image's base64 (its other fields). */
const MEDIA_BODY_SLACK_BYTES = 64 * 1024;

/** The body limit of a route that takes an image of `maxBytes` in base64. */
export function mediaBodyLimit(maxBytes: number): number {
  return Math.ceil(maxBytes / 3) * 4 + MEDIA_BODY_SLACK_BYTES;
}
const REQUEST_ID = /^[\w.:-]{1,128}$/;
const drains = new WeakMap<NestFastifyApplication, HttpDrain>();

/** What stops the app's HTTP server gracefully (apps/api/main.ts drains it on SIGTERM and SIGINT). */
export function httpDrainOf(app: NestFastifyApplication): HttpDrain {
  const drain = drains.get(app);
  if (!drain) throw new Error('Not an app createApiApp built');
  return drain;
}

/** Builds the HTTP application (not listening yet); the same for `npm start` and the tests. */
export async function createApiApp(runtime: ApiRuntime): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    trustProxy: runtime.config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // A body sent slowly must not hold its connection: the request, headers and body, has a bound.
    ...httpTimeoutOptions(runtime.httpTimeouts ?? HTTP_TIMEOUTS),
    logger: false,
    // A path that does not decode is answered in the API's error shape, not Fastify's.
    frameworkErrors: answerFrameworkError,
    // And what Node refuses before there is a request (408, 431, a broken body): the same shape, on the socket.
    clientErrorHandler: answerClientError,
    // Keep a caller's X-Request-Id when it is sane, so logs correlate across services.
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(ApiModule.forRoot(runtime), adapter, {
    logger: new NestPinoLogger(runtime.logger),
    bufferLogs: false,
    abortOnError: false,
    // Bodies are parsed below: JSON whatever the Content-Type says.
    bodyParser: false,
  });
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  // A route that takes an image in its body (`@RouteConfig({ bodyLimit: 'media' })`) takes MEDIA_MAX_BYTES of it in
  // base64, and a little JSON around it; every other route keeps the 2 MB limit.
  fastify.addHook('onRoute', (route) => {
    if ((route.config as { bodyLimit?: string } | undefined)?.bodyLimit === 'media') route.bodyLimit = mediaBodyLimit(runtime.config.mediaMaxBytes);
  });
  // A server span per request when tracing is on (first, so it spans every other hook).
  if (app.get<Tracing>(TRACING).enabled) installTracingHooks(fastify);
  // Every response carries the request id, also the preflight answers CORS sends before the pipeline runs.
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  // GET /healthz next, from the last probe: no other hook, no body, no Nest route, so a flood cannot queue it.
  app.get(HealthProbe).install(fastify);
  // GET and HEAD /files/… (stored files): a route of its own, outside the API pipelines (no shop, no token).
  app.get(FilesRoute).install(fastify);
  // Every answer counted, and GET /metrics by METRICS_TOKEN: outside the pipelines too (when metrics are on).
  app.get(MetricsRoute).install(fastify);
  // GET /graphiql and its bundle, unless GRAPHIQL=false: outside the pipelines too (the page holds no shop data).
  if (runtime.config.graphiql) installGraphiql(fastify);
  // Then the stop's own answer (503, Connection: close) to a request that arrives while the server drains.
  drains.set(app, HttpDrain.install(fastify));
  // Browsers call the storefront with a public token: allow any origin and the headers clients send. An OPTIONS
  // request without the preflight headers gets the same empty 204 rather than a text/plain 400.
  await fastify.register(cors, {
    origin: true,
    strictPreflight: false,
    exposedHeaders: ['X-Request-Id', 'X-Platform-API-Version', 'X-Platform-API-Deprecated-Reason', 'Retry-After', 'X-Platform-Shop-Api-Call-Limit'],
  });
  // PUT and POST /uploads… (staged uploads): like files, outside the pipelines; bodies streamed to storage, not parsed.
  await app.get(UploadsRoute).install(fastify);
  installJsonBodyParser(fastify);
  app.get(RequestPipeline).install(fastify);
  // No enableShutdownHooks(): its signal listeners closed the app and re-raised the signal while main.ts's own stop
  // was still draining. The entry points own SIGTERM and SIGINT (stopOnSignals); tests and tools call close().
  await app.init();
  buildOpenApiDocument(app, [RestModule, ...REST_MODULES]);
  return app;
}
