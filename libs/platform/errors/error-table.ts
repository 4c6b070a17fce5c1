import type { ErrorKind } from './domain-error.js';

export interface ErrorAnswer {
  /** HTTP status on REST and for transport-level failures of the GraphQL endpoints. */
  status: number;
  /** `extensions.code` on GraphQL. */
  graphqlCode: string;
  /** HTTP status when the failure is reported inside a GraphQL response rather than instead of one. */
  graphqlStatus: number;
}

// One row per kind; the Record type makes a new kind without a row a compile error.
const TABLE: Record<ErrorKind, ErrorAnswer> = {
  BAD_REQUEST: { status: 400, graphqlCode: 'BAD_REQUEST', graphqlStatus: 400 },
  NOT_FOUND: { status: 404, graphqlCode: 'NOT_FOUND', graphqlStatus: 404 },
  METHOD_NOT_ALLOWED: { status: 405, graphqlCode: 'METHOD_NOT_ALLOWED', graphqlStatus: 405 },
  PAYLOAD_TOO_LARGE: { status: 413, graphqlCode: 'PAYLOAD_TOO_LARGE', graphqlStatus: 413 },
  UNAUTHORIZED: { status: 401, graphqlCode: 'ACCESS_DENIED', graphqlStatus: 200 },
  FORBIDDEN: { status: 403, graphqlCode: 'ACCESS_DENIED', graphqlStatus: 200 },
  SHOP_FROZEN: { status: 402, graphqlCode: 'SHOP_INACTIVE', graphqlStatus: 402 },
  SHOP_FRAUDULENT: { status: 403, graphqlCode: 'SHOP_INACTIVE', graphqlStatus: 403 },
  SHOP_LOCKED: { status: 423, graphqlCode: 'SHOP_INACTIVE', graphqlStatus: 423 },
  THROTTLED: { status: 429, graphqlCode: 'THROTTLED', graphqlStatus: 200 },
  // The spec's 430: a request that looks automated (bot protection, docs/decisions.md).
  SECURITY_REJECTED: { status: 430, graphqlCode: 'SECURITY_REJECTED', graphqlStatus: 430 },
  MAX_COST_EXCEEDED: { status: 422, graphqlCode: 'MAX_COST_EXCEEDED', graphqlStatus: 200 },
  MAX_COMPLEXITY_EXCEEDED: { status: 422, graphqlCode: 'MAX_COMPLEXITY_EXCEEDED', graphqlStatus: 200 },
  MAX_INPUT_SIZE_EXCEEDED: { status: 422, graphqlCode: 'MAX_INPUT_SIZE_EXCEEDED', graphqlStatus: 200 },
  UNPROCESSABLE: { status: 422, graphqlCode: 'BAD_USER_INPUT', graphqlStatus: 200 },
  INTERNAL: { status: 500, graphqlCode: 'INTERNAL_SERVER_ERROR', graphqlStatus: 500 },
};

export function answerFor(kind: ErrorKind): ErrorAnswer {
  return TABLE[kind];
}

// Reason phrases of the statuses Node does not name (it writes `unknown` on the status line): the hosted platform's.
const REASON_PHRASES: Readonly<Record<number, string>> = { 430: 'Security Rejection' };

/** The status line's reason phrase for `status` where Node has none; undefined where Node's is right. */
export function reasonPhrase(status: number): string | undefined {
  return REASON_PHRASES[status];
}
