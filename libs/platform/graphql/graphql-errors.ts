import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { answerFor, internalError, isDomainError } from '@platform/errors';

export type ErrorLogger = (error: unknown) => void;

/**
 * A GraphQL error as the client sees it: domain errors keep their message and get their code;
 * anything unexpected is logged and replaced by INTERNAL_SERVER_ERROR with the request id.
 */
export function formatGraphqlError(error: GraphQLError, requestId: string, logUnexpected: ErrorLogger): GraphQLFormattedError {
  const original = error.originalError;
  if (original && isDomainError(original)) {
    return {
      ...error.toJSON(),
      message: original.message,
      extensions: { code: answerFor(original.kind).graphqlCode, ...original.extensions, ...(original.field ? { field: original.field } : {}) },
    };
  }
  if (original && !isGraphqlLanguageError(original)) {
    logUnexpected(original);
    const internal = internalError(requestId);
    return { message: internal.message, locations: error.locations, path: error.path, extensions: { code: 'INTERNAL_SERVER_ERROR', requestId } };
  }
  return error.toJSON();
}

// Variable coercion and similar errors wrap a GraphQLError; those are the client's mistakes.
function isGraphqlLanguageError(error: Error): boolean {
  return error.name === 'GraphQLError';
}

/** The same error (graphql-js' words and locations) with a code clients can branch on. */
export function withCode(error: GraphQLError, code: string): GraphQLError {
  return new GraphQLError(error.message, { nodes: error.nodes, source: error.source, positions: error.positions, path: error.path, extensions: { ...error.extensions, code } });
}
