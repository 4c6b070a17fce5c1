import { pageRequest } from '@platform/graphql';
import { searchSql } from '@platform/graphql';
import { ARTICLE_SEARCH, PAGE_SEARCH } from './content.sql.js';
import { encodeCursor, keysetPlan, toListPage } from '@platform/graphql';
import { articleSort, metaobjectSort } from './sort-keys.js';

describe('content search queries', () => {
  it('turns field terms into parameterized conditions, numbered from the first free parameter', () => {
    const sql = searchSql(PAGE_SEARCH, 'title:about OR handle:faq*', 3);
    expect(sql.where).toBe('(pg.title ilike $3 or pg.handle ilike $4)');
    expect(sql.params).toEqual(['%about%', 'faq%']);
    expect(sql.rankQuery).toBeNull();
  });

  it('reads tags, authors, blog titles, dates and negations of articles', () => {
    const sql = searchSql(ARTICLE_SEARCH, 'tag:Care -tag_not:sale author:"Jo Doe" blog_title:News published_at:>=2024-01-01 -title:draft', 1);
    expect(sql.where).toBe(
      '(exists (select 1 from unnest(a.tags) t where lower(t) = lower($1)) and not not exists (select 1 from unnest(a.tags) t where lower(t) = lower($2))' +
        ' and lower(a.author_name) = lower($3) and lower(b.title) = lower($4) and a.published_at >= $5::timestamptz and not a.title ilike $6)',
    );
    expect(sql.params).toEqual(['Care', 'sale', 'Jo Doe', 'News', '2024-01-01', '%draft%']);
  });

  it('searches bare words (and unknown fields) as text, and ranks by them', () => {
    const sql = searchSql(PAGE_SEARCH, 'ship* colour:red', 1);
    expect(sql.where).toBe(`(${PAGE_SEARCH.vector} @@ to_tsquery('english', $1) and ${PAGE_SEARCH.vector} @@ to_tsquery('english', $2))`);
    expect(sql.params).toEqual(['ship:*', 'red', '(ship:*) & (red)']);
    expect(sql.rankQuery).toBe("to_tsquery('english', $3)");
    expect(articleSort('RELEVANCE', ARTICLE_SEARCH.vector, sql.rankQuery).descending).toBe(true);
    expect(articleSort('RELEVANCE', ARTICLE_SEARCH.vector, null).expression).toBe('a.id');
  });

  it('matches nothing for unreadable dates and ids, and nothing at all without a query', () => {
    expect(searchSql(PAGE_SEARCH, 'updated_at:>yesterday id:abc', 1).where).toBe('(false and false)');
    expect(searchSql(PAGE_SEARCH, '', 1)).toEqual({ where: '', params: [], rankQuery: null });
  });
});

describe('content keyset pages', () => {
  it('orders by the sort key then id, and pages backward by flipping', () => {
    const plan = keysetPlan(articleSort('BLOG_TITLE', '', null), pageRequest({ last: 2, before: encodeCursor('News', 9) }), 'a.id', 4);
    expect(plan).toEqual({ orderBy: 'b.title desc, a.id desc', after: '(b.title, a.id) < ($4::text, $5::bigint)', params: ['News', 9], flip: true });
    const rows = [3, 2, 1].map((id) => ({ id, sortValue: 'News' }));
    const page = toListPage(rows, pageRequest({ last: 2, before: 'c' }), true);
    expect(page.items.map((i) => i.record.id)).toEqual([2, 3]);
    expect(page).toMatchObject({ hasPreviousPage: true, hasNextPage: true });
  });

  it('sorts metaobjects by id or updated_at only', () => {
    expect(metaobjectSort(undefined).expression).toBe('m.id');
    expect(metaobjectSort('updated_at').expression).toBe('m.updated_at');
    expect(() => metaobjectSort('title')).toThrow(/Invalid sort key 'title'/);
  });
});
