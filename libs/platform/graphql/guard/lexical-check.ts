import { type GraphQLError, Lexer, Source, TokenKind } from 'graphql';
import type { DocumentLimits } from './document-limits.js';
import { nestedTooDeeply, queryTooLong, tooManyTokens } from './document-refusals.js';

const OPENING = new Set<string>([TokenKind.BRACE_L, TokenKind.PAREN_L, TokenKind.BRACKET_L]);
const CLOSING = new Set<string>([TokenKind.BRACE_R, TokenKind.PAREN_R, TokenKind.BRACKET_R]);

/**
 * Checks the query text before it is parsed: its length, its number of tokens, and how deeply its brackets
 * nest. graphql-js parses by recursive descent, so a document nested a few thousand levels deep overflows
 * the stack inside `parse`; graphql-js' own lexer walks the text in a loop and reads strings and comments
 * exactly as the parser will. A lexical error is left for `parse` to report in its own words.
 */
export function lexicalRefusal(query: string, limits: DocumentLimits): GraphQLError | null {
  if (query.length > limits.maxLength) return queryTooLong(query.length, limits.maxLength);
  const lexer = new Lexer(new Source(query));
  let tokens = 0;
  let nesting = 0;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (++tokens > limits.maxTokens) return tooManyTokens(limits.maxTokens);
      if (OPENING.has(token.kind) && ++nesting > limits.maxNesting) return nestedTooDeeply(limits.maxNesting);
      if (CLOSING.has(token.kind)) nesting--;
    }
  } catch {
    return null;
  }
  return null;
}
