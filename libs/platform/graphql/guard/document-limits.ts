/**
 * What one GraphQL document may ask of the server, checked before validation, execution or compilation
 * (docs/security.md). Every count is over the whole document with each fragment expanded where it is
 * spread, so a document cannot hide its size behind fragments.
 */
export interface DocumentLimits {
  /** Length of the query text, in UTF-16 code units (about bytes for ASCII documents). */
  readonly maxLength: number;
  /** Lexical tokens (punctuation, names, values), as graphql-js counts them. */
  readonly maxTokens: number;
  /** Brackets open at once (`{`, `(`, `[`): keeps the recursive-descent parser off the stack's end. */
  readonly maxNesting: number;
  /** Fields nested in fields. */
  readonly maxDepth: number;
  readonly maxAliases: number;
  readonly maxDirectives: number;
  /** Fields and fragment spreads after expanding every fragment where it is spread. */
  readonly maxFields: number;
}

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = Object.freeze({
  maxLength: 100_000,
  maxTokens: 20_000,
  maxNesting: 80,
  maxDepth: 25,
  maxAliases: 100,
  maxDirectives: 100,
  maxFields: 2_500,
});
