import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { SqlPool, type SqlStatement, preparedSql } from '@platform/database';
import { type CursorScope, type ListPage, type PageRequest, type SortSpec, childrenPageSql, keysetPlan, toListPage } from '@platform/paging';
import { type Searchable, searchSql } from '@platform/search-syntax';
import { SqlParams } from '@platform/sql';
import { type RequestContext, requestScoped } from '@platform/request';
import type { MetaobjectFieldDefinition } from '../metaobject-definition.entity.js';
import type { MenuItemType } from '../menu-item.entity.js';
import { menuTree } from '../menu.rules.js';
import type { ArticleRecord, BlogRecord, MenuRecord, PageRecord } from '../content.records.js';
import type { MetaobjectRecord } from '../metaobject.records.js';
import {
  ARTICLES_BY_HANDLES,
  ARTICLES_BY_IDS,
  ARTICLES_FROM,
  ARTICLE_COLUMNS,
  ARTICLE_SEARCH,
  ARTICLE_VISIBLE,
  AUTHORS_OF_BLOGS,
  BLOGS_BY_HANDLES,
  BLOGS_BY_IDS,
  BLOG_COLUMNS,
  BLOG_SEARCH,
  MENUS_BY_HANDLES,
  MENUS_BY_IDS,
  METAOBJECTS_BY_HANDLES,
  METAOBJECTS_BY_IDS,
  METAOBJECTS_FROM,
  METAOBJECT_COLUMNS,
  PAGES_BY_HANDLES,
  PAGES_BY_IDS,
  PAGE_COLUMNS,
  PAGE_SEARCH,
  PAGE_VISIBLE,
} from './content.sql.js';
import { type ArticleSortKey, type BlogSortKey, type PageSortKey, articleSort, blogSort, metaobjectSort, pageSort } from './sort-keys.js';

/** Authors a blog's `authors` names at most. */
export const MAX_BLOG_AUTHORS = 50;

type Sorted<T> = T & { sortValue: string };

interface MenuRow {
  menuId: number;
  menuHandle: string;
  menuTitle: string;
  id: number | null;
  parentId: number | null;
  position: number;
  title: string;
  type: MenuItemType;
  resourceId: number | null;
  url: string | null;
  tags: string[];
}

type MetaobjectRow = Omit<MetaobjectRecord, 'fields'> & { fields: Record<string, string>; fieldDefinitions: MetaobjectFieldDefinition[] };

const statements = {
  pagesByIds: preparedSql(PAGES_BY_IDS),
  pagesByHandles: preparedSql(PAGES_BY_HANDLES),
  blogsByIds: preparedSql(BLOGS_BY_IDS),
  blogsByHandles: preparedSql(BLOGS_BY_HANDLES),
  articlesByIds: preparedSql(ARTICLES_BY_IDS),
  articlesByHandles: preparedSql(ARTICLES_BY_HANDLES),
  authorsOfBlogs: preparedSql(AUTHORS_OF_BLOGS),
  menusByHandles: preparedSql(MENUS_BY_HANDLES),
  menusByIds: preparedSql(MENUS_BY_IDS),
  metaobjectsByIds: preparedSql(METAOBJECTS_BY_IDS),
  metaobjectsByHandles: preparedSql(METAOBJECTS_BY_HANDLES),
};

/**
 * Storefront reads of online store content and custom data: keyset pages for root connections (sort keys,
 * `query` filters), and per-request DataLoaders that batch every lookup and nested list into one statement
 * per level (no N+1). Only published pages and articles are visible.
 */
@Injectable()
export class ContentStorefrontService {
  constructor(private readonly sql: SqlPool) {}

  pages(ctx: RequestContext, page: PageRequest, sortKey: PageSortKey, query?: string | null): Promise<ListPage<PageRecord>> {
    return this.list<PageRecord>(ctx, page, {
      scope: { connection: 'pages', sortKey },
      search: PAGE_SEARCH,
      query,
      sort: (rankQuery) => pageSort(sortKey, PAGE_SEARCH.vector, rankQuery),
      columns: PAGE_COLUMNS,
      from: 'pages pg',
      where: `pg.shop_id = $1 and ${PAGE_VISIBLE}`,
      id: 'pg.id',
    });
  }

  blogs(ctx: RequestContext, page: PageRequest, sortKey: BlogSortKey, query?: string | null): Promise<ListPage<BlogRecord>> {
    return this.list<BlogRecord>(ctx, page, {
      scope: { connection: 'blogs', sortKey },
      search: BLOG_SEARCH,
      query,
      sort: (rankQuery) => blogSort(sortKey, BLOG_SEARCH.vector, rankQuery),
      columns: BLOG_COLUMNS,
      from: 'blogs b',
      where: 'b.shop_id = $1',
      id: 'b.id',
    });
  }

  articles(ctx: RequestContext, page: PageRequest, sortKey: ArticleSortKey, query?: string | null): Promise<ListPage<ArticleRecord>> {
    return this.list<ArticleRecord>(ctx, page, {
      scope: { connection: 'articles', sortKey },
      search: ARTICLE_SEARCH,
      query,
      sort: (rankQuery) => articleSort(sortKey, ARTICLE_SEARCH.vector, rankQuery),
      columns: ARTICLE_COLUMNS,
      from: ARTICLES_FROM,
      where: `a.shop_id = $1 and ${ARTICLE_VISIBLE}`,
      id: 'a.id',
    });
  }

  /** A page of the metaobjects of one type. */
  async metaobjects(ctx: RequestContext, type: string, page: PageRequest, sortKey?: string | null): Promise<ListPage<MetaobjectRecord>> {
    const sort = metaobjectSort(sortKey);
    // $1 shop, $2 limit, $3 type; the cursor adds its values.
    const params = new SqlParams(3);
    const keyset = keysetPlan({ connection: 'metaobjects', sortKey: sortKey ?? 'id' }, sort, page, 'm.id', params);
    const text = `select ${METAOBJECT_COLUMNS}, (${sort.expression})::text as "sortValue" from ${METAOBJECTS_FROM}
      where m.shop_id = $1 and m.type = $3${and(keyset.after)} order by ${keyset.orderBy} limit $2`;
    const rows = await this.sql.rows<Sorted<MetaobjectRow>>(ctx, preparedSql(text), [ctx.shop.id, page.size + 1, type, ...params.values]);
    return toListPage(rows.map((row) => ({ ...metaobjectRecord(row), sortValue: row.sortValue })), page, keyset);
  }

  page(ctx: RequestContext, id: number): Promise<PageRecord | null> {
    return this.byKey<number, PageRecord>(ctx, 'content:page', statements.pagesByIds, (r) => r.id).load(id);
  }

  pageByHandle(ctx: RequestContext, handle: string): Promise<PageRecord | null> {
    return this.byKey<string, PageRecord>(ctx, 'content:pageByHandle', statements.pagesByHandles, (r) => r.handle).load(handle);
  }

  blog(ctx: RequestContext, id: number): Promise<BlogRecord | null> {
    return this.byKey<number, BlogRecord>(ctx, 'content:blog', statements.blogsByIds, (r) => r.id).load(id);
  }

  blogByHandle(ctx: RequestContext, handle: string): Promise<BlogRecord | null> {
    return this.byKey<string, BlogRecord>(ctx, 'content:blogByHandle', statements.blogsByHandles, (r) => r.handle).load(handle);
  }

  article(ctx: RequestContext, id: number): Promise<ArticleRecord | null> {
    return this.byKey<number, ArticleRecord>(ctx, 'content:article', statements.articlesByIds, (r) => r.id).load(id);
  }

  articleByHandle(ctx: RequestContext, blogId: number, handle: string): Promise<ArticleRecord | null> {
    const loader = requestScoped(ctx, 'content:articleByHandle', () =>
      new DataLoader<string, ArticleRecord | null>(async (keys) => {
        const pairs = keys.map((k) => JSON.parse(k) as [number, string]);
        const rows = await this.sql.rows<ArticleRecord>(ctx, statements.articlesByHandles, [ctx.shop.id, pairs.map((p) => p[0]), pairs.map((p) => p[1])]);
        const found = new Map(rows.map((r) => [JSON.stringify([r.blogId, r.handle]), r]));
        return keys.map((k) => found.get(k) ?? null);
      }),
    );
    return loader.load(JSON.stringify([blogId, handle]));
  }

  /** The same page of published articles for every blog asked in the request: one statement. */
  articlesOfBlog(ctx: RequestContext, blogId: number, page: PageRequest, sortKey: ArticleSortKey, query?: string | null): Promise<ListPage<ArticleRecord>> {
    const loader = requestScoped(ctx, `content:articlesOfBlog:${JSON.stringify([page, sortKey, query ?? null])}`, () => {
      // $1 shop, $2 blog ids, $3 rows per blog; the filter, the rank (when sorted by it) and the cursor add theirs.
      const params = new SqlParams(3);
      const search = searchSql(ARTICLE_SEARCH, query, params);
      const sort = articleSort(sortKey, ARTICLE_SEARCH.vector, search.rankQuery);
      const keyset = keysetPlan({ connection: 'blog.articles', sortKey }, sort, page, 'a.id', params);
      const text = childrenPageSql({
        columns: `${ARTICLE_COLUMNS}, (${sort.expression})::text as "sortValue"`,
        from: `${ARTICLES_FROM} where a.shop_id = $1 and a.blog_id = any($2::bigint[]) and ${ARTICLE_VISIBLE}`,
        parentColumn: 'a.blog_id',
        keyset,
        where: [search.where],
      });
      const statement = search.where ? { text } : preparedSql(text);
      return new DataLoader<number, ListPage<ArticleRecord>>(async (blogIds) => {
        const rows = await this.sql.rows<Sorted<ArticleRecord> & { parentId: number; rn: string }>(ctx, statement, [
          ctx.shop.id,
          blogIds,
          page.size + 1,
          ...params.values,
        ]);
        const byBlog = groupBy(rows.map(({ parentId: _p, rn: _rn, ...row }) => row), (r) => r.blogId);
        return blogIds.map((id) => toListPage(byBlog.get(id) ?? [], page, keyset));
      });
    });
    return loader.load(blogId);
  }

  /** Distinct author names of a blog's published articles, alphabetically; the first MAX_BLOG_AUTHORS. */
  async authorsOfBlog(ctx: RequestContext, blogId: number): Promise<string[]> {
    const loader = requestScoped(ctx, 'content:authors', () =>
      new DataLoader<number, string[]>(async (blogIds) => {
        const rows = await this.sql.rows<{ blogId: number; name: string }>(ctx, statements.authorsOfBlogs, [ctx.shop.id, blogIds, MAX_BLOG_AUTHORS]);
        const byBlog = groupBy(rows, (r) => r.blogId);
        return blogIds.map((id) => (byBlog.get(id) ?? []).map((r) => r.name));
      }),
    );
    return loader.load(blogId);
  }

  menuByHandle(ctx: RequestContext, handle: string): Promise<MenuRecord | null> {
    return this.menuLoader<string>(ctx, 'content:menuByHandle', statements.menusByHandles, (m) => m.handle).load(handle);
  }

  menu(ctx: RequestContext, id: number): Promise<MenuRecord | null> {
    return this.menuLoader<number>(ctx, 'content:menu', statements.menusByIds, (m) => m.id).load(id);
  }

  metaobject(ctx: RequestContext, id: number): Promise<MetaobjectRecord | null> {
    const loader = requestScoped(ctx, 'content:metaobject', () =>
      new DataLoader<number, MetaobjectRecord | null>(async (ids) => {
        const rows = await this.sql.rows<MetaobjectRow>(ctx, statements.metaobjectsByIds, [ctx.shop.id, ids]);
        const found = new Map(rows.map((r) => [r.id, metaobjectRecord(r)]));
        return ids.map((id) => found.get(id) ?? null);
      }),
    );
    return loader.load(id);
  }

  metaobjectByHandle(ctx: RequestContext, type: string, handle: string): Promise<MetaobjectRecord | null> {
    const loader = requestScoped(ctx, 'content:metaobjectByHandle', () =>
      new DataLoader<string, MetaobjectRecord | null>(async (keys) => {
        const pairs = keys.map((k) => JSON.parse(k) as [string, string]);
        const rows = await this.sql.rows<MetaobjectRow>(ctx, statements.metaobjectsByHandles, [ctx.shop.id, pairs.map((p) => p[0]), pairs.map((p) => p[1])]);
        const found = new Map(rows.map((r) => [JSON.stringify([r.type, r.handle]), metaobjectRecord(r)]));
        return keys.map((k) => found.get(k) ?? null);
      }),
    );
    return loader.load(JSON.stringify([type, handle]));
  }

  // A root connection: optional filter, sort key, keyset page. Filtered shapes vary without bound, so only
  // unfiltered listings become prepared statements.
  private async list<T extends { id: number }>(
    ctx: RequestContext,
    page: PageRequest,
    spec: {
      scope: CursorScope;
      search: Searchable;
      query?: string | null;
      sort: (rankQuery: (() => string) | null) => SortSpec;
      columns: string;
      from: string;
      where: string;
      id: string;
    },
  ): Promise<ListPage<T>> {
    // $1 shop, $2 limit; the filter, the rank (when sorted by it) and the cursor add theirs.
    const params = new SqlParams(2);
    const search = searchSql(spec.search, spec.query, params);
    const sort = spec.sort(search.rankQuery);
    const keyset = keysetPlan(spec.scope, sort, page, spec.id, params);
    const text = `select ${spec.columns}, (${sort.expression})::text as "sortValue" from ${spec.from}
      where ${spec.where}${and(search.where)}${and(keyset.after)} order by ${keyset.orderBy} limit $2`;
    const statement = search.where ? { text } : preparedSql(text);
    const rows = await this.sql.rows<Sorted<T>>(ctx, statement, [ctx.shop.id, page.size + 1, ...params.values]);
    return toListPage(rows, page, keyset);
  }

  private byKey<K extends number | string, T>(ctx: RequestContext, name: string, statement: SqlStatement, keyOf: (row: T) => K): DataLoader<K, T | null> {
    return requestScoped(ctx, name, () =>
      new DataLoader<K, T | null>(async (keys) => {
        const rows = await this.sql.rows<T>(ctx, statement, [ctx.shop.id, keys]);
        const found = new Map(rows.map((r) => [keyOf(r), r]));
        return keys.map((k) => found.get(k) ?? null);
      }),
    );
  }

  private menuLoader<K extends number | string>(ctx: RequestContext, name: string, statement: SqlStatement, keyOf: (menu: MenuRecord) => K): DataLoader<K, MenuRecord | null> {
    return requestScoped(ctx, name, () =>
      new DataLoader<K, MenuRecord | null>(async (keys) => {
        const rows = await this.sql.rows<MenuRow>(ctx, statement, [ctx.shop.id, keys]);
        const menus = [...groupBy(rows, (r) => r.menuId).values()].map(menuRecord);
        const found = new Map(menus.map((m) => [keyOf(m), m]));
        return keys.map((k) => found.get(k) ?? null);
      }),
    );
  }
  /**
   * Search results from a keyset position: published pages matching `tsquery`, by relevance (title weighs
   * most, then the body), walked in the given directions, with the count of every match. One statement.
   */
  rankedPageMatches(ctx: RequestContext, tsquery: string, walk: RankedWalk): Promise<RankedMatches<PageRecord>> {
    const vector = `setweight(to_tsvector('english', pg.title), 'A') || setweight(to_tsvector('english', regexp_replace(pg.body_html, '<[^>]*>', ' ', 'g')), 'C')`;
    return this.rankedMatches<PageRecord>(ctx, tsquery, walk, `select ${PAGE_COLUMNS}, ts_rank(${vector}, to_tsquery('english', $2)) as sort_value
      from pages pg where pg.shop_id = $1 and ${PAGE_VISIBLE} and ${vector} @@ to_tsquery('english', $2)`);
  }

  /** Published articles matching `tsquery`, as `rankedPageMatches` (title, then tags, then author and content). */
  rankedArticleMatches(ctx: RequestContext, tsquery: string, walk: RankedWalk): Promise<RankedMatches<ArticleRecord>> {
    const vector = `setweight(to_tsvector('english', a.title), 'A') || setweight(to_tsvector('english', array_to_string(a.tags, ' ')), 'B')
      || setweight(to_tsvector('english', a.author_name || ' ' || regexp_replace(a.content_html, '<[^>]*>', ' ', 'g')), 'C')`;
    return this.rankedMatches<ArticleRecord>(ctx, tsquery, walk, `select ${ARTICLE_COLUMNS}, ts_rank(${vector}, to_tsquery('english', $2)) as sort_value
      from articles a where a.shop_id = $1 and ${ARTICLE_VISIBLE} and ${vector} @@ to_tsquery('english', $2)`);
  }

  /** Published pages whose title contains every word, by title (predictive search). */
  pagesByTitleWords(ctx: RequestContext, words: readonly string[], limit: number): Promise<PageRecord[]> {
    return this.byTitleWords<PageRecord>(ctx, words, limit, `select ${PAGE_COLUMNS} from pages pg where pg.shop_id = $1 and ${PAGE_VISIBLE}`, 'pg');
  }

  /** Published articles whose title contains every word, by title (predictive search). */
  articlesByTitleWords(ctx: RequestContext, words: readonly string[], limit: number): Promise<ArticleRecord[]> {
    return this.byTitleWords<ArticleRecord>(ctx, words, limit, `select ${ARTICLE_COLUMNS} from articles a where a.shop_id = $1 and ${ARTICLE_VISIBLE}`, 'a');
  }

  private async byTitleWords<T>(ctx: RequestContext, words: readonly string[], limit: number, select: string, alias: string): Promise<T[]> {
    const kept = words.filter(Boolean).slice(0, 5);
    if (kept.length === 0) return [];
    const conditions = kept.map((_, i) => ` and ${alias}.title ilike $${i + 3}`).join('');
    return this.sql.rows<T>(ctx, { text: `${select}${conditions} order by ${alias}.title, ${alias}.id limit $2` }, [
      ctx.shop.id,
      limit,
      ...kept.map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
    ]);
  }

  // `select` yields the rows with a `sort_value`; $1 shop, $2 tsquery, $3 limit, $4/$5 the keyset position.
  private async rankedMatches<T>(ctx: RequestContext, tsquery: string, walk: RankedWalk, select: string): Promise<RankedMatches<T>> {
    const after = walk.after
      ? `where m.sort_value ${walk.valueDescending ? '<' : '>'} $4::real or (m.sort_value = $4::real and m.id ${walk.idDescending ? '<' : '>'} $5::bigint)`
      : '';
    const text = `with m as materialized (${select})
      select c.total, r.* from (select count(*)::int as total from m) c
      left join lateral (select m.*, m.sort_value::text as "sortValue" from m ${after}
        order by m.sort_value ${walk.valueDescending ? 'desc' : 'asc'}, m.id ${walk.idDescending ? 'desc' : 'asc'} limit $3) r on true`;
    const params: unknown[] = [ctx.shop.id, tsquery, walk.limit];
    if (walk.after) params.push(walk.after.value, walk.after.idBound);
    const rows = await this.sql.rows<{ id: number | null; total: number; sort_value: unknown; sortValue: string | null }>(ctx, { text }, params);
    return {
      total: rows[0]?.total ?? 0,
      rows: rows.filter((r) => r.id !== null).map(({ total: _t, sort_value: _s, sortValue, ...record }) => ({ value: sortValue as string, record: record as T })),
    };
  }
}

/** How a ranked search is walked: directions of the rank and of ids among equal ranks, and where to start. */
export interface RankedWalk {
  valueDescending: boolean;
  idDescending: boolean;
  /** Rows strictly past (value, idBound) in walking order; null: from the start. */
  after: { value: string; idBound: number } | null;
  limit: number;
}

export interface RankedMatches<T> {
  total: number;
  rows: { value: string; record: T }[];
}

function and(condition: string): string {
  return condition ? ` and ${condition}` : '';
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

function menuRecord(rows: MenuRow[]): MenuRecord {
  const { menuId, menuHandle, menuTitle } = rows[0];
  const items = rows.filter((r): r is MenuRow & { id: number } => r.id !== null);
  return { id: menuId, handle: menuHandle, title: menuTitle, itemsCount: items.length, items: menuTree(items) };
}

// Fields with a value, in the definition's order, typed by it.
function metaobjectRecord(row: MetaobjectRow): MetaobjectRecord {
  return {
    id: row.id,
    type: row.type,
    handle: row.handle,
    fields: row.fieldDefinitions.filter((f) => row.fields[f.key] !== undefined).map((f) => ({ key: f.key, type: f.type, value: row.fields[f.key] })),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
