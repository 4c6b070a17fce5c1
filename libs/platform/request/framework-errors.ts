import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '@platform/errors';
import { errorResponse } from './error-response.js';
import { routeTarget } from './surface.js';

/**
 * Errors Fastify raises before any hook runs (a path whose percent-escapes do not decode, `/api/%/graphql.json`)
 * are answered like every other error, in the surface's shape. A path that does not decode, or with a segment longer
 * than the router reads (100 characters: no id is that long), names no resource: 404.
 */
const NO_RESOURCE = new Set(['FST_ERR_BAD_URL', 'FST_ERR_MAX_PARAM_LENGTH']);

export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const response = errorResponse(NO_RESOURCE.has(error.code) ? notFound() : error, routeTarget(request.url)?.surface, request.id);
  void reply
    .code(response.status)
    .headers({ 'X-Request-Id': request.id, ...response.headers })
    .send(response.body);
}
