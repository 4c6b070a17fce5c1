import type { FastifyInstance } from 'fastify';
import { type RequestTrace, endRequestSpan, startRequestSpan } from './tracing.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's server span, when tracing is on. */
    trace?: RequestTrace;
  }
}

/**
 * A server span for every request (child of the caller's `traceparent`), named by its route pattern, ended with its
 * status. Installed only when tracing is on: off, requests pay nothing.
 */
export function installTracingHooks(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    request.trace = startRequestSpan(`${request.method} ${route}`, request.headers, { 'http.request.method': request.method, 'http.route': route, 'url.path': request.url.split('?')[0]! });
    done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    if (request.trace) endRequestSpan(request.trace, reply.statusCode);
    done();
  });
}
