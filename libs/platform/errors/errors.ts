import { DomainError } from './domain-error.js';

// Constructors for the errors every surface raises, with the hosted platform's wording.

export const REQUIRED_PARAMETER_MESSAGE = 'Required parameter missing or invalid';

export function badRequest(parameter: string, message = REQUIRED_PARAMETER_MESSAGE): DomainError {
  return new DomainError('BAD_REQUEST', message, { field: parameter });
}

export function notFound(message = 'Not Found'): DomainError {
  return new DomainError('NOT_FOUND', message);
}

export function invalidAccessToken(): DomainError {
  return new DomainError('UNAUTHORIZED', '[API] Invalid API key or access token (unrecognized login or wrong password)');
}

export function missingScope(scope: string): DomainError {
  return new DomainError('FORBIDDEN', `[API] This action requires merchant approval for ${scope} scope.`, {
    code: 'MISSING_SCOPE',
  });
}

export function internalError(requestId: string): DomainError {
  return new DomainError('INTERNAL', `Internal error. Looks like something went wrong on our end.\nRequest ID: ${requestId}`, {
    extensions: { requestId },
  });
}

/** A GraphQL field the caller's token does not grant (the rest of the query still answers). */
export function accessDenied(field: string, scope: string): DomainError {
  return new DomainError('FORBIDDEN', `Access denied for ${field} field. Required access: \`${scope}\` access scope.`, {
    code: 'ACCESS_DENIED',
    extensions: { requiredAccess: scope },
  });
}

/**
 * A write's input problems as one error to throw (REST answers a service's `problems` this way): a problem that is
 * not a 422 (NOT_FOUND) answers alone; 422s answer together, `{"errors": {"<field>": ["<message>", …], …}}`.
 */
export function rejection(problems: readonly DomainError[]): DomainError {
  if (problems.length === 0) throw new Error('rejection needs at least one problem');
  const alone = problems.find((problem) => problem.kind !== 'UNPROCESSABLE');
  if (alone) return alone;
  const [first] = problems;
  return new DomainError('UNPROCESSABLE', first.message, { code: first.code, field: first.field, problems });
}
