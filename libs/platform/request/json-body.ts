import { parse as parseQueryString } from 'node:querystring';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, badRequest } from '@platform/errors';
import { scanJsonText } from './json-scan.js';
import { isGraphqlSurface, requestTarget } from './surface.js';

/** Containers (objects, arrays) a request body may nest; no API takes more than a handful. */
export const MAX_BODY_NESTING = 64;

/** A hosted page's form (a password twice) is a few hundred bytes; more is refused before it is parsed. */
export const MAX_FORM_BYTES = 16 * 1024;

type Done = (error: Error | null, body?: unknown) => void;

/**
 * Every API speaks JSON. The hosted platform's GraphQL client sends no Content-Type and curl's `-d` sends a
 * form type, so any body is read as JSON; what is not JSON is a 400. A body nested deeper than the limit
 * is a 400 before it is parsed: V8 parses a 2 MB body of brackets in about a second, and everything after
 * the parser (validation, class-transformer, serialization) walks values recursively. So is a body naming a
 * key twice in one object (found by the same pass), which JSON.parse would read as its last value.
 */
export function installJsonBodyParser(fastify: FastifyInstance, maxNesting = MAX_BODY_NESTING): void {
  fastify.removeAllContentTypeParsers();
  // A request no route takes is answered 404 whatever its body: an image sent to the wrong path is not a JSON error.
  const json = (request: FastifyRequest, body: string | Buffer, done: Done) => (request.is404 ? done(null, undefined) : parseJson(request, body as string, done, maxNesting));
  fastify.addContentTypeParser('*', { parseAs: 'string' }, json);
  // Browsers post hosted pages' forms url-encoded; on the APIs that type still carries JSON (curl -d).
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    if (requestTarget(request)?.surface !== 'online_store') return json(request, body, done);
    const text = body as string;
    if (text.length > MAX_FORM_BYTES) return done(new DomainError('PAYLOAD_TOO_LARGE', 'The form is too large.'), undefined);
    // node:querystring gives an object without a prototype; a repeated field is an array (the page refuses it).
    done(null, parseQueryString(text));
  });
}

function parseJson(request: FastifyRequest, text: string, done: Done, maxNesting: number): void {
  if (text === '') return done(null, undefined);
  const problem = scanJsonText(text, maxNesting);
  if (problem) {
    const graphql = isGraphqlSurface(requestTarget(request)?.surface);
    // Too deep: keyed by the top-level key it happens under. A duplicate key: answered as text that is not JSON,
    // since which of the two values counts is exactly what a body must not leave open.
    const error =
      problem.kind === 'too_deep'
        ? new DomainError('BAD_REQUEST', `is nested deeper than ${maxNesting} levels`, { field: problem.key ?? (graphql ? 'variables' : 'body') })
        : badRequest(graphql ? 'query' : 'body');
    return done(error, undefined);
  }
  try {
    done(null, JSON.parse(text));
  } catch (error) {
    done(Object.assign(error as Error, { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
  }
}
