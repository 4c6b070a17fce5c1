import { type Comparison, type SearchNode, parseSearchQuery } from '@platform/graphql';

export interface SearchSql {
  /** Condition on products aliased `p` (empty when the query filters nothing). */
  where: string;
  params: unknown[];
  /** tsquery expression of the free-text words, for RELEVANCE ordering (null without words). */
  rankQuery: string | null;
}

const TEXT_CONFIG = "'english'";

/** Turns a product search query into parameterized SQL, numbering parameters from `firstParam`. */
export function productSearchSql(query: string | null | undefined, firstParam: number): SearchSql {
  const tree = query ? parseSearchQuery(query) : null;
  const params: unknown[] = [];
  const words: string[] = [];
  const param = (value: unknown) => {
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
      case 'term':
        return renderTerm(node, param, words);
    }
  };

  const where = (tree && render(tree)) ?? '';
  const rankQuery = words.length > 0 ? `to_tsquery(${TEXT_CONFIG}, ${param(words.join(' & '))})` : null;
  return { where, params, rankQuery };
}

function renderTerm(
  term: Extract<SearchNode, { kind: 'term' }>,
  param: (value: unknown) => string,
  words: string[],
): string | null {
  const { field, comparison, value, prefix } = term;
  if (value === '') return null;
  switch (field) {
    case 'title':
      return prefix ? `p.title ilike ${param(`${escapeLike(value)}%`)}` : `p.title ilike ${param(`%${escapeLike(value)}%`)}`;
    case 'handle':
      return `p.handle = ${param(value)}`;
    case 'tag':
      return `exists (select 1 from unnest(p.tags) t where lower(t) = lower(${param(value)}))`;
    case 'tag_not':
      return `not exists (select 1 from unnest(p.tags) t where lower(t) = lower(${param(value)}))`;
    case 'product_type':
      return `lower(p.product_type) = lower(${param(value)})`;
    case 'vendor':
      return prefix ? `p.vendor ilike ${param(`${escapeLike(value)}%`)}` : `lower(p.vendor) = lower(${param(value)})`;
    case 'available_for_sale':
      return `p.available_for_sale = ${param(value.toLowerCase() === 'true')}`;
    case 'created_at':
    case 'updated_at':
      return isDate(value) ? `p.${field} ${sqlComparison(comparison)} ${param(value)}::timestamptz` : 'false';
    case 'variants.price':
    case 'price':
      return /^\d+(\.\d+)?$/.test(value)
        ? `exists (select 1 from product_variants pv where pv.product_id = p.id and pv.price ${sqlComparison(comparison)} ${param(value)}::numeric)`
        : 'false';
    case 'id':
      return /^\d+$/.test(value) ? `p.id ${sqlComparison(comparison)} ${param(Number(value))}::bigint` : 'false';
    default:
      return textTerm(value, prefix, param, words);
  }
}

// Free text: every word must match the product's search vector (title, tags, vendor, type, description).
function textTerm(value: string, prefix: boolean, param: (value: unknown) => string, words: string[]): string | null {
  const lexemes = value
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (lexemes.length === 0) return null;
  const tsquery = lexemes.map((w, i) => (prefix && i === lexemes.length - 1 ? `${w}:*` : w)).join(' & ');
  words.push(`(${tsquery})`);
  return `p.search_vector @@ to_tsquery(${TEXT_CONFIG}, ${param(tsquery)})`;
}

function sqlComparison(comparison: Comparison): string {
  return comparison;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function isDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value));
}
