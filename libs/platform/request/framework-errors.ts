import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
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

/**
 * What Node refuses before there is a request (a body that stops arriving, headers over the limit, a body or chunking
 * that breaks HTTP) is answered on the socket in the API's error shape, `{"errors":"<status text>"}`, instead of
 * Fastify's; no surface is known yet. A connection already gone gets nothing.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ errors: STATUS_CODES[status] });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
