import fc from 'fast-check';
import { SqlParams } from '@platform/sql';
import { MAX_QUERY_LENGTH, type Searchable, commaList, dateCompare, inCommaList, hasTag, idCompare, numericCompare, searchSql, textContains, textEquals } from './search-sql.js';
import { MAX_SEARCH_TERMS } from './search-syntax.js';
import { anySearchQuery } from './testing/search-queries.js';

const SEED = { seed: 20261124, numRuns: 1000 };

// Every kind of field term a list can have.
const LIST: Searchable = {
  vector: 'x.search_vector',
  term(field, term, param) {
    switch (field) {
      case 'title':
        return textContains('x.title', term, param);
      case 'vendor':
        return textEquals('x.vendor', term, param);
      case 'tag':
        return hasTag('x.tags', term, param);
      case 'created_at':
        return dateCompare('x.created_at', term, param);
      case 'id':
        return idCompare('x.id', term, param);
      case 'variants.price':
        return numericCompare('x.price', term, param);
      default:
        return undefined;
    }
  },
};

const RESERVED = 2;
function render(query: string, rank: boolean) {
  const params = new SqlParams(RESERVED);
  const sql = searchSql(LIST, query, params);
  const rankQuery = rank && sql.rankQuery ? sql.rankQuery() : '';
  return { where: sql.where, rankQuery, values: params.values };
}
const referenced = (text: string) => new Set([...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
const supplied = (values: readonly unknown[]) => new Set(values.map((_v, i) => RESERVED + i + 1));

describe('search SQL', () => {
  it('numbers parameters after the reserved ones and adds the rank parameter only when asked', () => {
    const without = render('shirt title:blue', false);
    expect(without).toEqual({ where: "(x.search_vector @@ to_tsquery('english', $3) and x.title ilike $4)", rankQuery: '', values: ['shirt', '%blue%'] });
    const ranked = render('shirt title:blue', true);
    expect(ranked.rankQuery).toBe("to_tsquery('english', $5)");
    expect(ranked.values).toEqual(['shirt', '%blue%', '(shirt)']);
  });

  it('renders NOT around any condition, and nothing for queries without terms', () => {
    expect(render('-title:x', false).where).toBe('not (x.title ilike $3)');
    expect(render('NOT (a OR b)', false).where).toBe("not ((x.search_vector @@ to_tsquery('english', $3) or x.search_vector @@ to_tsquery('english', $4)))");
    for (const query of ['-', 'NOT', '()', '"', '"" OR ""', 'title:', '- NOT ( ) " *']) expect(render(query, true)).toEqual({ where: '', rankQuery: '', values: [] });
  });

  it('reads the first MAX_QUERY_LENGTH characters of a query, without NUL', () => {
    const long = render(`${'x'.repeat(MAX_QUERY_LENGTH - 3)} ti\u0000tle:abc`, false);
    expect(long.values).toEqual([`${'x'.repeat(MAX_QUERY_LENGTH - 3)}`, 'ti']);
    expect(render('title:a\u0000b', false).values).toEqual(['%ab%']);
  });

  it('reads a comma-list term as at most 250 trimmed values, blanks dropped', () => {
    expect(commaList(' a, b ,,c ')).toEqual(['a', 'b', 'c']);
    expect(commaList(Array.from({ length: 300 }, (_, i) => `h${i}`).join(','))).toHaveLength(250);
    const values: unknown[] = [];
    const sql = inCommaList('x.handle', { kind: 'term', field: 'handle', value: 'a,b', comparison: '=', prefix: false }, (value) => `$${values.push(value)}`);
    expect([sql, values]).toEqual(['x.handle = any($1::text[])', [['a', 'b']]]);
  });

  it('compares dates with the time of the statement for `now`, in any case', () => {
    expect(render('created_at:<now', false)).toEqual({ where: 'x.created_at < now()', rankQuery: '', values: [] });
    expect(render('created_at:>=NOW', false)).toEqual({ where: 'x.created_at >= now()', rankQuery: '', values: [] });
  });

  // Regressions: each of these reached Postgres as a value it could not read (INTERNAL_SERVER_ERROR).
  it.each(['created_at:>2024-02-30', 'created_at:<2024-13-01', 'id:99999999999999999999', 'id:9007199254740993', `variants.price:<${'9'.repeat(40)}`, 'variants.price:1e5'])(
    'matches nothing for %j',
    (query) => {
      expect(render(query, true)).toEqual({ where: 'false', rankQuery: '', values: [] });
    },
  );

  it('reads at most the bounded number of terms however many are given', () => {
    const { values } = render(Array.from({ length: 5000 }, (_, i) => `title:w${i}`).join(' '), false);
    expect(values).toHaveLength(MAX_SEARCH_TERMS);
  });

  it('never throws, references exactly the parameters it supplies, and stays proportional to its input (property)', () => {
    fc.assert(
      fc.property(anySearchQuery, fc.boolean(), (query, rank) => {
        const { where, rankQuery, values } = render(query, rank);
        expect(referenced(`${where} ${rankQuery}`)).toEqual(supplied(values));
        // A term renders to at most a few hundred characters (the vector included) from at least one character.
        expect(where.length).toBeLessThanOrEqual(150 * Math.min(query.length, MAX_SEARCH_TERMS) + 1);
        expect(values.length).toBeLessThanOrEqual(MAX_SEARCH_TERMS + 1);
        // Values carry the terms' text with at most `%`, `:*`, ` & ` and parentheses added.
        const carried = values.reduce<number>((sum, v) => sum + String(v).length, 0);
        expect(carried).toBeLessThanOrEqual(8 * query.length + 8);
      }),
      SEED,
    );
  });
});
