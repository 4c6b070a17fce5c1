/**
 * What kind of failure an error is. Each kind has exactly one answer per transport (error-table.ts);
 * a domain code (e.g. CUSTOMER_HAS_ORDERS) rides along for userErrors and logs.
 */
export type ErrorKind =
  | 'BAD_REQUEST'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'SHOP_FROZEN'
  | 'SHOP_FRAUDULENT'
  | 'SHOP_LOCKED'
  | 'THROTTLED'
  | 'SECURITY_REJECTED'
  | 'MAX_COST_EXCEEDED'
  | 'MAX_COMPLEXITY_EXCEEDED'
  | 'MAX_INPUT_SIZE_EXCEEDED'
  | 'UNPROCESSABLE'
  | 'INTERNAL';

export interface DomainErrorOptions {
  /** Domain-specific code; defaults to the kind. */
  code?: string;
  /** Input field or request parameter the error is about (400 and 422 key their `errors` by it). */
  field?: string;
  /** Extra GraphQL `extensions` (e.g. cost, maxCost). */
  extensions?: Record<string, unknown>;
  /** Extra response headers (e.g. Retry-After). */
  headers?: Record<string, string>;
  /** Top-level GraphQL `extensions` of the response (e.g. `cost` on a throttled request). */
  responseExtensions?: Record<string, unknown>;
  /** Every input problem of a rejected write (`rejection`): a REST 422 lists them all, keyed by field. */
  problems?: readonly DomainError[];
}

/**
 * The only error type domain and platform code throws on purpose; transports map it through error-table.ts.
 * `Code` narrows `code` to a context's declared codes (see define-errors.ts).
 */
export class DomainError<Code extends string = string> extends Error {
  readonly code: Code;
  readonly field?: string;
  readonly extensions?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
  readonly responseExtensions?: Record<string, unknown>;
  readonly problems?: readonly DomainError[];

  constructor(
    readonly kind: ErrorKind,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.code = (options.code ?? kind) as Code;
    this.field = options.field;
    this.extensions = options.extensions;
    this.headers = options.headers;
    this.responseExtensions = options.responseExtensions;
    this.problems = options.problems;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
