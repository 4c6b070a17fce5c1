import fc from 'fast-check';
import { CUSTOMER_SORT_KEYS } from './customer.inputs.js';
import { CUSTOMER_SEARCH, customerSearchCursor, customerSortOf, customerSortSpec } from './customer-search.rules.js';
import { SqlParams } from '@platform/sql';
import { searchSql } from '@platform/search-syntax';
import { anySearchQuery } from '../../platform/search-syntax/testing/search-queries.js';

const render = (query: string) => {
  const params = new SqlParams(2);
  const { where } = searchSql(CUSTOMER_SEARCH, query, params);
  return { where, values: params.values };
};

describe('customer search rules', () => {
  it.each([
    ['last_order_date DESC', { key: 'LAST_ORDER_DATE', reverse: true }],
    ['orders_count asc', { key: 'ORDERS_COUNT', reverse: false }],
    ['  total_spent   desc ', { key: 'TOTAL_SPENT', reverse: true }],
    ['created_at', { key: 'CREATED_AT', reverse: false }],
    ['UPDATED_AT Desc', { key: 'UPDATED_AT', reverse: true }],
    ['id', { key: 'ID', reverse: false }],
    ['name desc', { key: 'NAME', reverse: true }],
    ['last_name ASC', { key: 'NAME', reverse: false }],
    ['last_name desc', { key: 'NAME', reverse: true }],
    ['location', { key: 'LOCATION', reverse: false }],
  ])('reads the REST order %j', (order, sort) => {
    expect(customerSortOf(order)).toEqual(sort);
  });

  it.each(['', ' ', 'email', 'first_name', 'state desc', 'constructor', '__proto__', 'id sideways', 'id desc desc', 'id,name', 'relevance', `id ${' '.repeat(200)}desc`])(
    'refuses the REST order %j',
    (order) => {
      expect(customerSortOf(order)).toBeNull();
    },
  );

  it('renders each field as a condition that is never null, so a negation keeps customers without the value', () => {
    expect(render('-email:gmail.com').where).toBe('not (coalesce(c.email ilike $3, false))');
    expect(render('phone:"(613) 555"')).toEqual({ where: 'coalesce(c.phone like $3, false)', values: ['%613555%'] });
    expect(render('phone:+1613*').values).toEqual(['+1613%']);
    expect(render('orders_count:>5 total_spent:<=10.5').values).toEqual(['5', '10.5']);
    expect(render('phone:abc').where).toBe('false');
    expect(render('orders_count:many').where).toBe('false');
  });

  it('sorts by values that are never null, and names the cursor types of each key', () => {
    for (const key of CUSTOMER_SORT_KEYS) {
      const spec = customerSortSpec(key, null);
      expect(customerSearchCursor(key)).toEqual(spec.expression === 'c.id' ? ['bigint'] : [spec.cast, 'bigint']);
      if (spec.expression !== 'c.id' && !['c.created_at', 'c.updated_at', 'c.orders_count', 'c.total_spent'].includes(spec.expression)) {
        expect(spec.expression).toContain('coalesce');
      }
    }
    expect(customerSortSpec('RELEVANCE', () => '$9')).toMatchObject({ cast: 'real', descending: true });
  });

  it('renders any query without throwing, referencing exactly the parameters it adds (property)', () => {
    fc.assert(
      fc.property(anySearchQuery, (query) => {
        const { where, values } = render(query);
        const referenced = new Set([...where.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
        expect(referenced).toEqual(new Set(values.map((_v, i) => i + 3)));
      }),
      { seed: 20261124, numRuns: 500 },
    );
  });
});
