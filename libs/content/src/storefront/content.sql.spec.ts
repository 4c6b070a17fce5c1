import { type Searchable, searchSql } from '@platform/search-syntax';
import { SqlParams } from '@platform/sql';
import { cursorCodec, keysetPlan, pageRequest } from '@platform/paging';
import { ARTICLE_SEARCH, PAGE_SEARCH } from './content.sql.js';
import { articleSort, metaobjectSort } from './sort-keys.js';

const render = (searchable: Searchable, query: string, reserved = 0) => {
  const params = new SqlParams(reserved);
  const sql = searchSql(searchable, query, params);
  return { ...sql, params: params.values };
};

describe('content search queries', () => {
  it('turns field terms into parameterized conditions, numbered from the first free parameter', () => {
    const sql = render(PAGE_SEARCH, 'title:about OR handle:faq*', 2);
    expect(sql.where).toBe('(pg.title ilike $3 or pg.handle ilike $4)');
    expect(sql.params).toEqual(['%about%', 'faq%']);
    expect(sql.rankQuery).toBeNull();
  });

  it('reads tags, authors, blog titles, dates and negations of articles', () => {
    const sql = render(ARTICLE_SEARCH, 'tag:Care -tag_not:sale author:"Jo Doe" blog_title:News published_at:>=2024-01-01 -title:draft');
    expect(sql.where).toBe(
      '(exists (select 1 from unnest(a.tags) t where lower(t) = lower($1)) and not (not exists (select 1 from unnest(a.tags) t where lower(t) = lower($2)))' +
        ' and lower(a.author_name) = lower($3) and lower(b.title) = lower($4) and a.published_at >= $5::timestamptz and not (a.title ilike $6))',
    );
    expect(sql.params).toEqual(['Care', 'sale', 'Jo Doe', 'News', '2024-01-01', '%draft%']);
  });

  it('searches bare words (and unknown fields) as text, and ranks by them', () => {
    const params = new SqlParams(0);
    const sql = searchSql(PAGE_SEARCH, 'ship* colour:red -blue', params);
    expect(sql.where).toBe(
      `(${PAGE_SEARCH.vector} @@ to_tsquery('english', $1) and ${PAGE_SEARCH.vector} @@ to_tsquery('english', $2) and not (${PAGE_SEARCH.vector} @@ to_tsquery('english', $3)))`,
    );
    expect(articleSort('RELEVANCE', ARTICLE_SEARCH.vector, sql.rankQuery).descending).toBe(true);
    // Excluded words do not rank.
    expect(params.values).toEqual(['ship:*', 'red', 'blue', '(ship:*) & (red)']);
    expect(articleSort('RELEVANCE', ARTICLE_SEARCH.vector, null).expression).toBe('a.id');
  });

  it('matches nothing for unreadable dates and ids, and nothing at all without a query', () => {
    expect(render(PAGE_SEARCH, 'updated_at:>yesterday id:abc').where).toBe('(false and false)');
    expect(render(PAGE_SEARCH, '')).toEqual({ where: '', params: [], rankQuery: null });
  });
});

describe('content keyset pages', () => {
  it('orders by the sort key then id, and pages backward by flipping', () => {
    const scope = { connection: 'blog.articles', sortKey: 'BLOG_TITLE' };
    const before = cursorCodec(scope, ['text', 'bigint']).encode(['News', 9]);
    const params = new SqlParams(3);
    const plan = keysetPlan(scope, articleSort('BLOG_TITLE', '', null), pageRequest({ last: 2, before }), 'a.id', params);
    expect(plan).toMatchObject({ orderBy: 'b.title desc, a.id desc', after: '(b.title, a.id) < ($4::text, $5::bigint)' });
    expect(params.values).toEqual(['News', 9]);
    expect(() => keysetPlan({ connection: 'articles', sortKey: 'BLOG_TITLE' }, articleSort('BLOG_TITLE', '', null), pageRequest({ last: 2, before }), 'a.id', params)).toThrow(
      'Invalid cursor for before',
    );
  });

  it('sorts metaobjects by id or updated_at only', () => {
    expect(metaobjectSort(undefined).expression).toBe('m.id');
    expect(metaobjectSort('updated_at').expression).toBe('m.updated_at');
    expect(() => metaobjectSort('title')).toThrow(/Invalid sort key 'title'/);
  });
});
