import { productSearchSql } from './product-search-sql.js';
import { parseSearchQuery } from '@platform/graphql';

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
  it('parameterizes every value (no injection) and numbers parameters from the given index', () => {
    const sql = productSearchSql("tag:x'; drop table products; -- vendor:Acme", 3);
    expect(sql.where).not.toContain('drop table');
    expect(sql.params).toContain("x';");
    expect(sql.where).toMatch(/\$3/);
  });

  it('turns words into a full-text condition and a rank query', () => {
    const sql = productSearchSql('linen shirt', 2);
    expect(sql.where).toBe("(p.search_vector @@ to_tsquery('english', $2) and p.search_vector @@ to_tsquery('english', $3))");
    expect(sql.params.slice(0, 2)).toEqual(['linen', 'shirt']);
    expect(sql.rankQuery).toBe("to_tsquery('english', $4)");
    expect(sql.params[2]).toBe('(linen) & (shirt)');
  });

  it('handles filters by field', () => {
    expect(productSearchSql('available_for_sale:true', 2)).toEqual({ where: 'p.available_for_sale = $2', params: [true], rankQuery: null });
    expect(productSearchSql('variants.price:<20', 2).where).toMatch(/pv.price < \$2::numeric/);
    expect(productSearchSql('created_at:>=2024-05-01', 2).where).toBe('p.created_at >= $2::timestamptz');
    expect(productSearchSql('created_at:>soon', 2).where).toBe('false');
  });

  it('filters nothing for an empty query', () => {
    expect(productSearchSql('', 2)).toEqual({ where: '', params: [], rankQuery: null });
    expect(productSearchSql(undefined, 2)).toEqual({ where: '', params: [], rankQuery: null });
  });
});
