import fc from 'fast-check';

/** Queries made of the search syntax's own pieces, where the parser's edge cases live (NUL-free). */
export const searchQuerySoup = fc
  .array(
    fc.oneof(
      fc.constantFrom('(', ')', '-', 'NOT', 'OR', 'AND', '"', '\\', '*', ':', ' ', '  ', 'title:', 'tag:', 'id:', 'created_at:>', 'variants.price:<', '>=', '<'),
      fc.constantFrom('shirt', 'blue', 'a', '2024-01-01', '2024-02-30', '12.5', '99999999999999999999', 'é', '😀', '\t', '\n'),
      fc.string({ unit: 'binary', maxLength: 4 }).map((s) => s.replaceAll('\u0000', '')),
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));

/** Any text without NUL (NUL bytes are refused before a query gets this far). */
export const searchGarbage = fc.string({ unit: 'binary', maxLength: 300 }).map((s) => s.replaceAll('\u0000', ''));

/** Either kind. */
export const anySearchQuery = fc.oneof(searchQuerySoup, searchGarbage);
