import { SqlParams } from '@platform/sql';
import { parseSearchQuery } from '@platform/search-syntax';
import { productSearchSql } from './product-search.sql.js';
import { PRODUCT_SORT_KEYS, productSort } from './sort-keys.js';

describe('product search syntax', () => {
  it('reads fields, comparisons, quotes, prefixes, AND/OR/NOT and parentheses', () => {
    expect(parseSearchQuery('title:"Blue shirt" OR (vendor:Acme -tag:sale) created_at:>2024-01-01 shi*')).toEqual({
      kind: 'or',
      children: [
        { kind: 'term', field: 'title', comparison: '=', value: 'Blue shirt', prefix: false },
        {
          kind: 'and',
          children: [
            {
              kind: 'and',
              children: [
                { kind: 'term', field: 'vendor', comparison: '=', value: 'Acme', prefix: false },
                { kind: 'not', child: { kind: 'term', field: 'tag', comparison: '=', value: 'sale', prefix: false } },
              ],
            },
            { kind: 'term', field: 'created_at', comparison: '>', value: '2024-01-01', prefix: false },
            { kind: 'term', field: undefined, comparison: '=', value: 'shi', prefix: true },
          ],
        },
      ],
    });
  });

  it('is lenient with unbalanced input', () => {
    expect(parseSearchQuery('(tag:a')).toEqual({ kind: 'term', field: 'tag', comparison: '=', value: 'a', prefix: false });
    expect(parseSearchQuery('')).toBeNull();
  });
});

describe('product search SQL', () => {
  const render = (query: string | undefined, reserved = 2) => {
    const params = new SqlParams(reserved);
    const sql = productSearchSql(query, params);
    return { ...sql, params: params.values };
  };

  it('parameterizes every value (no injection) and numbers parameters after the reserved ones', () => {
    const sql = render("tag:x'; drop table products; -- vendor:Acme", 2);
    expect(sql.where).not.toContain('drop table');
    expect(sql.params).toContain("x';");
    expect(sql.where).toMatch(/\$3/);
  });

  it('turns words into a full-text condition, and a rank query whose parameter is added only when asked', () => {
    const params = new SqlParams(1);
    const sql = productSearchSql('linen shirt', params);
    expect(sql.where).toBe("(p.search_vector @@ to_tsquery('english', $2) and p.search_vector @@ to_tsquery('english', $3))");
    expect(params.values).toEqual(['linen', 'shirt']);
    expect(sql.rankQuery!()).toBe("to_tsquery('english', $4)");
    expect(sql.rankQuery!()).toBe("to_tsquery('english', $4)");
    expect(params.values).toEqual(['linen', 'shirt', '(linen) & (shirt)']);
  });

  // Regression: the rank parameter was supplied to statements sorted by anything but RELEVANCE ("bind
  // message supplies 4 parameters, but prepared statement requires 3").
  it('adds no rank parameter for sort keys that do not rank', () => {
    for (const key of PRODUCT_SORT_KEYS) {
      const params = new SqlParams(2);
      const sql = productSearchSql('shirt', params);
      const sort = productSort(key, sql.rankQuery);
      const text = `${sql.where} ${sort.expression}`;
      const referenced = new Set([...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
      expect([...referenced].sort()).toEqual(params.values.map((_v, i) => i + 3));
    }
  });

  it('handles filters by field', () => {
    expect(render('available_for_sale:true')).toMatchObject({ where: 'p.available_for_sale = $3', params: [true], rankQuery: null });
    expect(render('variants.price:<20').where).toMatch(/pv.price < \$3::numeric/);
    expect(render('created_at:>=2024-05-01').where).toBe('p.created_at >= $3::timestamptz');
    expect(render('created_at:>soon').where).toBe('false');
  });

  // Regressions: each of these reached Postgres and failed there (INTERNAL_SERVER_ERROR).
  it('matches nothing for values Postgres could not read', () => {
    expect(render('created_at:>2024-02-30').where).toBe('false');
    expect(render('id:99999999999999999999999').where).toBe('false');
    expect(render(`variants.price:<${'9'.repeat(200)}`).where).toBe('false');
    expect(render('id:>42')).toMatchObject({ where: 'p.id > $3::bigint', params: [42] });
  });

  it('filters nothing for an empty query', () => {
    expect(render('')).toEqual({ where: '', params: [], rankQuery: null });
    expect(render(undefined)).toEqual({ where: '', params: [], rankQuery: null });
  });
});
