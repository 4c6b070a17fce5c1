import type { SqlParams } from '@platform/sql';
import { isSqlBigint, isSqlNumeric, isSqlTimestamp } from '@platform/sql';
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
  /**
   * tsquery expression of the bare words, for RELEVANCE ordering (null without words). Its parameter is
   * added to the statement's list only when a sort calls it, so a statement never carries one it does not use.
   */
  rankQuery: (() => string) | null;
}

const TEXT_CONFIG = "'english'";

/** Turns a search query into parameterized SQL, adding its values to the statement's parameters. */
export function searchSql(searchable: Searchable, query: string | null | undefined, params: SqlParams): SearchSql {
  const tree = query ? parseSearchQuery(boundedQuery(query)) : null;
  const words: string[] = [];
  const param: Param = (value) => params.add(value);

  // The tree is at most a few levels per parenthesis (the parser bounds nesting), so recursion is bounded.
  const render = (node: SearchNode, negated: boolean): string | null => {
    switch (node.kind) {
      case 'and':
      case 'or': {
        const parts = node.children.map((child) => render(child, negated)).filter((p): p is string => p !== null);
        return parts.length === 0 ? null : parts.length === 1 ? parts[0] : `(${parts.join(node.kind === 'and' ? ' and ' : ' or ')})`;
      }
      case 'not': {
        const inner = render(node.child, !negated);
        return inner && `not (${inner})`;
      }
      case 'term': {
        if (node.value === '') return null;
        const known = node.field === undefined ? undefined : searchable.term(node.field, node, param);
        // Words a buyer excludes do not rank the rows that remain.
        return known ?? textTerm(searchable.vector, node, param, negated ? [] : words);
      }
    }
  };

  const where = (tree && render(tree, false)) ?? '';
  return { where, rankQuery: words.length > 0 ? once(() => `to_tsquery(${TEXT_CONFIG}, ${param(words.join(' & '))})`) : null };
}

/** `title:summer` (contains), `title:sum*` (starts with), case-insensitive. */
export function textContains(column: string, term: Term, param: Param): string {
  const pattern = term.prefix ? `${escapeLike(term.value)}%` : `%${escapeLike(term.value)}%`;
  return `${column} ilike ${param(pattern)}`;
}

export function textEquals(column: string, term: Term, param: Param): string {
  return term.prefix ? `${column} ilike ${param(`${escapeLike(term.value)}%`)}` : `lower(${column}) = lower(${param(term.value)})`;
}

/** The values of a comma-list term (`handle:a,b`, `status:active,draft`): trimmed, blanks dropped, at most 250. */
export function commaList(value: string): string[] {
  return value.split(',').map((part) => part.trim()).filter(Boolean).slice(0, 250);
}

/** `handle:a,b`: the column equals any of the listed values. */
export function inCommaList(column: string, term: Term, param: Param): string {
  return `${column} = any(${param(commaList(term.value))}::text[])`;
}

/** `created_at:>2024-01-01`, `created_at:<now` (the statement's time); a date Postgres could not read matches nothing. */
export function dateCompare(column: string, term: Term, param: Param): string {
  if (term.value.toLowerCase() === 'now') return `${column} ${term.comparison} now()`;
  return isSqlTimestamp(term.value) ? `${column} ${term.comparison} ${param(term.value)}::timestamptz` : 'false';
}

/** `id:>42`; anything but a whole number a bigint holds matches nothing. */
export function idCompare(column: string, term: Term, param: Param): string {
  const id = /^\d{1,16}$/.test(term.value) ? Number(term.value) : NaN;
  return isSqlBigint(id) ? `${column} ${term.comparison} ${param(id)}::bigint` : 'false';
}

/** `variants.price:<20`; anything but a plain decimal matches nothing. */
export function numericCompare(column: string, term: Term, param: Param): string {
  return isSqlNumeric(term.value) ? `${column} ${term.comparison} ${param(term.value)}::numeric` : 'false';
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

function once(make: () => string): () => string {
  let made: string | undefined;
  return () => (made ??= make());
}

/** What a search reads of its query: the first MAX_QUERY_LENGTH characters, NUL removed (Postgres refuses it in text). */
export const MAX_QUERY_LENGTH = 5_000;

function boundedQuery(query: string): string {
  return query.slice(0, MAX_QUERY_LENGTH).replaceAll('\u0000', '');
}
