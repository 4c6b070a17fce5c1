import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '@platform/errors';
import { errorResponse } from './error-response.js';
import { routeTarget } from './surface.js';

/**
 * Errors Fastify raises before any hook runs (a path whose percent-escapes do not decode, `/api/%/graphql.json`)
 * are answered like every other error, in the surface's shape. A path that does not decode names no resource: 404.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const response = errorResponse(error.code === 'FST_ERR_BAD_URL' ? notFound() : error, routeTarget(request.url)?.surface, request.id);
  void reply
    .code(response.status)
    .headers({ 'X-Request-Id': request.id, ...response.headers })
    .send(response.body);
}
