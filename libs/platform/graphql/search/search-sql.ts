import { type SearchNode, parseSearchQuery } from './search-syntax.js';

// The `query` argument rendered as parameterized SQL: one tree walk for every searchable list; each list
// says how its known fields filter and which text vector bare words match.

export type SearchTerm = Extract<SearchNode, { kind: 'term' }>;
export type SqlParam = (value: unknown) => string;
type Term = SearchTerm;
type Param = SqlParam;

/** What a list can be filtered by: its `field:value` terms and the text vector bare words search. */
export interface Searchable {
  /** SQL of a known field's term; `undefined` for an unknown field (its value is then searched as text). */
  term(field: string, term: Term, param: Param): string | undefined;
  /** tsvector expression bare words are matched against. */
  vector: string;
}

export interface SearchSql {
  /** Condition on the rows (empty when the query filters nothing). */
  where: string;
  params: unknown[];
  /** tsquery expression of the bare words, for RELEVANCE ordering (null without words). */
  rankQuery: string | null;
}

const TEXT_CONFIG = "'english'";

/** Turns a search query into parameterized SQL, numbering parameters from `firstParam`. */
export function searchSql(searchable: Searchable, query: string | null | undefined, firstParam: number): SearchSql {
  const tree = query ? parseSearchQuery(query) : null;
  const params: unknown[] = [];
  const words: string[] = [];
  const param: Param = (value) => {
    params.push(value);
    return `$${firstParam + params.length - 1}`;
  };

  const render = (node: SearchNode): string | null => {
    switch (node.kind) {
      case 'and':
      case 'or': {
        const parts = node.children.map(render).filter((p): p is string => p !== null);
        return parts.length === 0 ? null : parts.length === 1 ? parts[0] : `(${parts.join(node.kind === 'and' ? ' and ' : ' or ')})`;
      }
      case 'not': {
        const inner = render(node.child);
        return inner && `not ${inner}`;
      }
      case 'term': {
        if (node.value === '') return null;
        const known = node.field === undefined ? undefined : searchable.term(node.field, node, param);
        return known ?? textTerm(searchable.vector, node, param, words);
      }
    }
  };

  const where = (tree && render(tree)) ?? '';
  const rankQuery = words.length > 0 ? `to_tsquery(${TEXT_CONFIG}, ${param(words.join(' & '))})` : null;
  return { where, params, rankQuery };
}

/** `title:summer` (contains), `title:sum*` (starts with), case-insensitive. */
export function textContains(column: string, term: Term, param: Param): string {
  const pattern = term.prefix ? `${escapeLike(term.value)}%` : `%${escapeLike(term.value)}%`;
  return `${column} ilike ${param(pattern)}`;
}

export function textEquals(column: string, term: Term, param: Param): string {
  return term.prefix ? `${column} ilike ${param(`${escapeLike(term.value)}%`)}` : `lower(${column}) = lower(${param(term.value)})`;
}

/** `created_at:>2024-01-01`; an unreadable date matches nothing. */
export function dateCompare(column: string, term: Term, param: Param): string {
  const isDate = /^\d{4}-\d{2}-\d{2}/.test(term.value) && !Number.isNaN(Date.parse(term.value));
  return isDate ? `${column} ${term.comparison} ${param(term.value)}::timestamptz` : 'false';
}

export function idCompare(column: string, term: Term, param: Param): string {
  return /^\d{1,18}$/.test(term.value) ? `${column} ${term.comparison} ${param(term.value)}::bigint` : 'false';
}

export function hasTag(column: string, term: Term, param: Param): string {
  return `exists (select 1 from unnest(${column}) t where lower(t) = lower(${param(term.value)}))`;
}

// Bare words: every word must match the text (stemmed, so "shipping" finds "ship"); `word*` matches a prefix.
function textTerm(vector: string, term: Term, param: Param, words: string[]): string | null {
  const lexemes = term.value
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (lexemes.length === 0) return null;
  const tsquery = lexemes.map((w, i) => (term.prefix && i === lexemes.length - 1 ? `${w}:*` : w)).join(' & ');
  words.push(`(${tsquery})`);
  return `${vector} @@ to_tsquery(${TEXT_CONFIG}, ${param(tsquery)})`;
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
