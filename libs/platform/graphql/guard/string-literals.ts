import { GraphQLError, type StringValueNode } from 'graphql';
import { type TextProblem, textProblem } from '@platform/errors';

/**
 * A string literal holding U+0000 (written `"\u0000"` in the query) or ill-formed text is refused before
 * anything runs: Postgres cannot store or compare either, and no legitimate value carries them. graphql-js'
 * lexer already refuses a lone surrogate, escaped (`"\ud800"`) or not; the same check as variables' keeps that
 * true whatever the parser does. Variables are checked apart. `literals`: `stringLiterals(document)`.
 */
export function stringLiteralRefusal(literals: readonly StringValueNode[]): GraphQLError | null {
  for (const node of literals) {
    const problem = textProblem(node.value);
    if (problem) return new GraphQLError(LITERAL_MESSAGES[problem], { nodes: node, extensions: { code: 'BAD_USER_INPUT' } });
  }
  return null;
}

export const LITERAL_MESSAGES: Readonly<Record<TextProblem, string>> = {
  nul_byte: 'String values must not contain NUL bytes (U+0000).',
  ill_formed_text: 'String values must not contain ill-formed text (a lone UTF-16 surrogate).',
};
