import { SqlParams } from '@platform/sql';
import { childrenPageSql } from './children-pages.js';
import { keysetPlan } from './keyset.js';
import { pageRequest } from './page-request.js';

const BY_POSITION = { expression: 'v.position', cast: 'integer', descending: false } as const;
const VARIANTS = { connection: 'product.variants', sortKey: 'POSITION' };
const FROM = 'product_variants v where v.shop_id = $1 and v.product_id = any($2::bigint[])';
const variants = (keyset: { orderBy: string; after: string }, where?: string[]) =>
  childrenPageSql({ columns: 'v.id, v.position as "sortValue"', from: FROM, parentColumn: 'v.product_id', keyset, where });

describe('pages of children per parent', () => {
  it('numbers each parent’s rows in the page order and keeps page size + 1 of them, in one statement', () => {
    const keyset = keysetPlan(VARIANTS, BY_POSITION, pageRequest({ first: 2 }), 'v.id', new SqlParams(3));
    // The exact text: it names the prepared statement, so it must not vary with anything but the list and its order.
    expect(variants(keyset)).toBe(
      [
        'select * from (',
        '    select v.id, v.position as "sortValue", v.product_id as "parentId",',
        '      row_number() over (partition by v.product_id order by v.position asc, v.id asc) as rn',
        `    from ${FROM} `,
        '  ) x where x.rn <= $3 order by x."parentId", x.rn',
      ].join('\n'),
    );
  });

  it('places rows past the cursor, after the filters, with the cursor’s values numbered after $3', () => {
    const first = keysetPlan(VARIANTS, BY_POSITION, pageRequest({ first: 2 }), 'v.id', new SqlParams(3));
    const params = new SqlParams(3);
    const filter = `v.sku ilike ${params.add('%a%')}`;
    const next = keysetPlan(VARIANTS, BY_POSITION, pageRequest({ first: 2, after: first.cursorOf({ id: 7, sortValue: 2 }) }), 'v.id', params);
    expect(variants(next, [filter])).toContain(`from ${FROM} and v.sku ilike $4 and (v.position, v.id) > ($5::integer, $6::bigint)\n`);
    expect(params.values).toEqual(['%a%', 2, 7]);
  });

  it('walks backward pages in reverse order per parent, and skips empty filters', () => {
    const params = new SqlParams(3);
    const keyset = keysetPlan(VARIANTS, BY_POSITION, pageRequest({ last: 3 }), 'v.id', params);
    const text = variants(keyset, ['']);
    expect(text).toContain('order by v.position desc, v.id desc) as rn');
    expect(text).toContain(`from ${FROM} \n`);
    expect(params.values).toEqual([]);
  });
});
