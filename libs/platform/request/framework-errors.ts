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

const CLIENT_ERRORS = {
  timeout: [408, 'Request Timeout'],
  headers: [431, 'Request Header Fields Too Large'],
  other: [400, 'Bad Request'],
} as const;

/**
 * What Node refuses before there is a request (a body that stops arriving, headers over the limit, a body or chunking
 * that breaks HTTP) is answered on the socket in the API's error shape, `{"errors":"<status text>"}`, instead of
 * Fastify's; no surface is known yet. A connection already gone gets nothing.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text] = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? CLIENT_ERRORS.timeout : error.code === 'HPE_HEADER_OVERFLOW' ? CLIENT_ERRORS.headers : CLIENT_ERRORS.other;
  const body = JSON.stringify({ errors: text });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${text}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
