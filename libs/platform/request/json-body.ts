import { parse as parseQueryString } from 'node:querystring';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '@platform/errors';
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
 * the parser (validation, class-transformer, serialization) walks values recursively.
 */
export function installJsonBodyParser(fastify: FastifyInstance, maxNesting = MAX_BODY_NESTING): void {
  fastify.removeAllContentTypeParsers();
  const json = (request: FastifyRequest, body: string | Buffer, done: Done) => parseJson(request, body as string, done, maxNesting);
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
  const tooDeep = nestedTooDeeply(text, maxNesting);
  if (tooDeep) {
    const field = tooDeep.key ?? (isGraphqlSurface(requestTarget(request)?.surface) ? 'variables' : 'body');
    return done(new DomainError('BAD_REQUEST', `is nested deeper than ${maxNesting} levels`, { field }), undefined);
  }
  try {
    done(null, JSON.parse(text));
  } catch (error) {
    done(Object.assign(error as Error, { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
  }
}

/**
 * Whether JSON text opens more than `max` containers at once, in one pass over its characters (strings are
 * skipped, escapes honoured), with the top-level key under which it happens when the body is an object.
 */
export function nestedTooDeeply(text: string, max: number): { key?: string } | null {
  let depth = 0;
  let rootIsObject = false;
  let topLevelKey: string | undefined;
  let lastTopLevelString: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const start = i + 1;
      for (i = start; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 0x5c /* \ */) i++;
        else if (s === 0x22) break;
      }
      if (depth === 1) lastTopLevelString = text.slice(start, Math.min(i, start + 100));
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (depth === 0) rootIsObject = c === 0x7b;
      // In an object, the last string before a nested container at the top level is that container's key.
      if (depth === 1 && rootIsObject) topLevelKey = lastTopLevelString;
      if (++depth > max) return { key: topLevelKey };
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return null;
}
