import {
  DomainError,
  type ErrorKind,
  REQUIRED_PARAMETER_MESSAGE,
  answerFor,
  internalError,
  isDomainError,
  notFound,
  restErrorKey,
  restErrorMessage,
} from '@platform/errors';
import { HTML_PAGE_HEADERS, errorPage } from '@platform/html';
import { type Surface, isGraphqlSurface } from './surface.js';

export interface ErrorResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** True when the error was not expected: it is logged with its stack. */
  unexpected: boolean;
}

// A page's title says its status in words; 403 is also a shop state's status, and a refused form is not a shop gone.
const PAGE_TITLE_OF_KIND: Partial<Record<ErrorKind, string>> = { FORBIDDEN: 'Request refused' };

const STATUS_TEXT: Record<number, string> = {
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
};

/**
 * The one place an error becomes a response. GraphQL surfaces answer credential, shop-state,
 * throttle and internal failures in the GraphQL `errors[]` shape; REST and transport failures
 * (400, 404, 405, 413) use the `errors` string or keyed object; hosted pages answer an HTML page.
 */
export function errorResponse(error: unknown, surface: Surface | 'system' | undefined, requestId: string): ErrorResponse {
  const domain = toDomainError(error, surface, requestId);
  const unexpected = domain.kind === 'INTERNAL' && !isDomainError(error);
  const answer = answerFor(domain.kind);
  const headers = { ...domain.headers };

  if (surface === 'online_store') {
    // Hosted pages are read by people in a browser: every error is a page, with the status the API would answer.
    return { status: answer.status, headers: { ...headers, ...HTML_PAGE_HEADERS }, body: errorPage(answer.status, domain.message, PAGE_TITLE_OF_KIND[domain.kind]), unexpected };
  }
  if (domain.kind === 'BAD_REQUEST') {
    return { status: 400, headers, body: { errors: { [domain.field ?? 'body']: domain.message } }, unexpected };
  }
  if (isGraphqlSurface(surface) && isGraphqlShaped(domain)) {
    const body = {
      errors: [{ message: domain.message, extensions: { code: answer.graphqlCode, ...domain.extensions } }],
      ...(domain.responseExtensions ? { extensions: domain.responseExtensions } : {}),
    };
    return { status: answer.graphqlStatus, headers, body, unexpected };
  }
  if (domain.kind === 'UNPROCESSABLE' || domain.kind === 'MAX_INPUT_SIZE_EXCEEDED') {
    return { status: 422, headers, body: { errors: unprocessableErrors(domain) }, unexpected };
  }
  return { status: answer.status, headers, body: { errors: domain.message }, unexpected };
}

// REST keys each problem by its field in the REST names (`addresses.country_code`) and drops the field's label from
// the message ("Email has already been taken" → "has already been taken"), as the hosted platform answers. Keys are
// the client's field names, so the map has no prototype: `constructor` or `__proto__` is a field like any other.
function unprocessableErrors(error: DomainError): Record<string, string[]> {
  const errors: Record<string, string[]> = Object.create(null);
  for (const problem of error.problems ?? [error]) {
    const key = restErrorKey(problem.field);
    (errors[key] ??= []).push(restErrorMessage(key, problem.message));
  }
  return errors;
}

function isGraphqlShaped(error: DomainError): boolean {
  return !['NOT_FOUND', 'METHOD_NOT_ALLOWED', 'PAYLOAD_TOO_LARGE'].includes(error.kind);
}

interface HttpLikeError {
  statusCode?: number;
  status?: number;
  code?: string;
}

// Errors raised by Fastify (body parsing, limits) and Nest (unknown routes) become domain errors here.
function toDomainError(error: unknown, surface: Surface | 'system' | undefined, requestId: string): DomainError {
  if (isDomainError(error)) return error;
  const e = (error ?? {}) as HttpLikeError;
  const status = e.statusCode ?? e.status;
  if (status === 404) return notFound();
  if (status === 413) return new DomainError('PAYLOAD_TOO_LARGE', STATUS_TEXT[413]);
  if (status === 405) return new DomainError('METHOD_NOT_ALLOWED', STATUS_TEXT[405]);
  if (status === 415) return new DomainError('BAD_REQUEST', STATUS_TEXT[415], { field: 'content_type' });
  if (status && status >= 400 && status < 500) {
    // An unreadable body (malformed JSON) means the required parameters are missing.
    return new DomainError('BAD_REQUEST', REQUIRED_PARAMETER_MESSAGE, { field: isGraphqlSurface(surface) ? 'query' : 'body' });
  }
  return internalError(requestId);
}
