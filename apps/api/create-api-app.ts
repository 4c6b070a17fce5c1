import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { NestPinoLogger } from '@platform/logging';
import { RequestPipeline } from '@platform/request';
import { ApiModule, type ApiRuntime } from './api.module.js';

const BODY_LIMIT_BYTES = 2 * 1024 * 1024;
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Builds the HTTP application (not listening yet); the same for `npm start` and the tests. */
export async function createApiApp(runtime: ApiRuntime): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    trustProxy: runtime.config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    logger: false,
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
  // Browsers call the storefront with a public token: allow any origin and the headers clients send.
  await fastify.register(cors, { origin: true, exposedHeaders: ['X-Request-Id', 'X-Platform-API-Version', 'Retry-After', 'X-Platform-Shop-Api-Call-Limit'] });
  acceptJsonWithoutContentType(fastify);
  app.get(RequestPipeline).install(fastify);
  app.enableShutdownHooks();
  await app.init();
  return app;
}

// Every API speaks JSON. The hosted platform's GraphQL client sends no Content-Type and curl's `-d` sends a
// form type, so any body is read as JSON; what is not JSON is a 400.
function acceptJsonWithoutContentType(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body === '' ? undefined : JSON.parse(body as string));
    } catch (error) {
      done(Object.assign(error as Error, { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
    }
  });
}
