import { BREAK, type DocumentNode, GraphQLError, type StringValueNode, visit } from 'graphql';

/**
 * A string literal holding U+0000 (written `"\u0000"` in the query) is refused before anything runs:
 * Postgres cannot store or compare it, and no legitimate value carries it. Variables are checked apart.
 */
export function nulLiteralRefusal(document: DocumentNode): GraphQLError | null {
  let found: StringValueNode | undefined;
  visit(document, {
    StringValue(node) {
      if (!node.value.includes('\u0000')) return undefined;
      found = node;
      return BREAK;
    },
  });
  return found ? new GraphQLError(NUL_MESSAGE, { nodes: found, extensions: { code: 'BAD_USER_INPUT' } }) : null;
}

export const NUL_MESSAGE = 'String values must not contain NUL bytes (U+0000).';
