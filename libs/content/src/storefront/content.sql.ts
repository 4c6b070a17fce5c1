import { type Searchable, dateCompare, hasTag, idCompare, textContains, textEquals } from '@platform/search-syntax';

// Every SQL statement of storefront content reads, in one reviewable place. Each is scoped by shop_id ($1).

/** Visible on the storefront: published by now (pages and articles; blogs have no publication state). */
export const PAGE_VISIBLE = `pg.published_at is not null and pg.published_at <= now()`;
export const ARTICLE_VISIBLE = `a.published_at is not null and a.published_at <= now()`;

export const PAGE_COLUMNS = `pg.id, pg.handle, pg.title, pg.body_html as "bodyHtml", pg.body_summary as "bodySummary",
  pg.seo_title as "seoTitle", pg.seo_description as "seoDescription", pg.published_at as "publishedAt",
  pg.created_at as "createdAt", pg.updated_at as "updatedAt"`;

export const BLOG_COLUMNS = `b.id, b.handle, b.title, b.seo_title as "seoTitle", b.seo_description as "seoDescription",
  b.created_at as "createdAt", b.updated_at as "updatedAt"`;

export const ARTICLE_COLUMNS = `a.id, a.blog_id as "blogId", a.handle, a.title, a.content_html as "contentHtml",
  a.excerpt_html as "excerptHtml", a.author_name as "authorName", a.tags, a.image_url as "imageUrl",
  a.image_file_key as "imageFileKey", a.image_width as "imageWidth", a.image_height as "imageHeight",
  a.image_alt_text as "imageAltText", a.seo_title as "seoTitle", a.seo_description as "seoDescription",
  a.published_at as "publishedAt", a.created_at as "createdAt", a.updated_at as "updatedAt"`;

/** Articles with their blog (`b`): BLOG_TITLE sorting and the `blog_title:` filter read it. */
export const ARTICLES_FROM = `articles a join blogs b on b.id = a.blog_id`;

export const PAGES_BY_IDS = `select ${PAGE_COLUMNS} from pages pg where pg.shop_id = $1 and pg.id = any($2::bigint[]) and ${PAGE_VISIBLE}`;
export const PAGES_BY_HANDLES = `select ${PAGE_COLUMNS} from pages pg where pg.shop_id = $1 and pg.handle = any($2::text[]) and ${PAGE_VISIBLE}`;

export const BLOGS_BY_IDS = `select ${BLOG_COLUMNS} from blogs b where b.shop_id = $1 and b.id = any($2::bigint[])`;
export const BLOGS_BY_HANDLES = `select ${BLOG_COLUMNS} from blogs b where b.shop_id = $1 and b.handle = any($2::text[])`;

export const ARTICLES_BY_IDS = `select ${ARTICLE_COLUMNS} from articles a where a.shop_id = $1 and a.id = any($2::bigint[]) and ${ARTICLE_VISIBLE}`;

/** Articles by (blog id, handle) pairs: `$2` blog ids and `$3` handles, position by position. */
export const ARTICLES_BY_HANDLES = `select ${ARTICLE_COLUMNS} from articles a
  join unnest($2::bigint[], $3::text[]) as k(blog_id, handle) on a.blog_id = k.blog_id and a.handle = k.handle
  where a.shop_id = $1 and ${ARTICLE_VISIBLE}`;

/** Distinct author names of each blog's published articles. */
export const AUTHORS_OF_BLOGS = `select "blogId", "name" from (
    select "blogId", "name", row_number() over (partition by "blogId" order by "name") as rn from (
      select distinct a.blog_id as "blogId", a.author_name as "name" from articles a
      where a.shop_id = $1 and a.blog_id = any($2::bigint[]) and ${ARTICLE_VISIBLE} and a.author_name <> ''
    ) d
  ) r where rn <= $3 order by "blogId", "name"`;

// A menu with all its items in one statement (a menu without items comes back as one row of nulls).
const MENU_ROWS = `select m.id as "menuId", m.handle as "menuHandle", m.title as "menuTitle",
  mi.id, mi.parent_id as "parentId", mi.position, mi.title, mi.type, mi.resource_id as "resourceId", mi.url, mi.tags
  from menus m left join menu_items mi on mi.menu_id = m.id`;
export const MENUS_BY_HANDLES = `${MENU_ROWS} where m.shop_id = $1 and m.handle = any($2::text[])`;
export const MENUS_BY_IDS = `${MENU_ROWS} where m.shop_id = $1 and m.id = any($2::bigint[])`;

/** Metaobjects with the field definitions of their definition (types and order of the fields). */
export const METAOBJECT_COLUMNS = `m.id, m.type, m.handle, m.fields, d.field_definitions as "fieldDefinitions",
  m.created_at as "createdAt", m.updated_at as "updatedAt"`;
export const METAOBJECTS_FROM = `metaobjects m join metaobject_definitions d on d.id = m.definition_id`;
export const METAOBJECTS_BY_IDS = `select ${METAOBJECT_COLUMNS} from ${METAOBJECTS_FROM} where m.shop_id = $1 and m.id = any($2::bigint[])`;
/** Metaobjects by (type, handle) pairs: `$2` types and `$3` handles, position by position. */
export const METAOBJECTS_BY_HANDLES = `select ${METAOBJECT_COLUMNS} from ${METAOBJECTS_FROM}
  join unnest($2::text[], $3::text[]) as k(type, handle) on m.type = k.type and m.handle = k.handle
  where m.shop_id = $1`;

export const PAGE_SEARCH: Searchable = {
  vector: `to_tsvector('english', pg.title || ' ' || pg.body_html)`,
  term(field, term, param) {
    switch (field) {
      case 'title':
        return textContains('pg.title', term, param);
      case 'handle':
        return textEquals('pg.handle', term, param);
      case 'created_at':
      case 'updated_at':
        return dateCompare(`pg.${field}`, term, param);
      case 'id':
        return idCompare('pg.id', term, param);
      default:
        return undefined;
    }
  },
};

export const BLOG_SEARCH: Searchable = {
  vector: `to_tsvector('english', b.title)`,
  term(field, term, param) {
    switch (field) {
      case 'title':
        return textContains('b.title', term, param);
      case 'handle':
        return textEquals('b.handle', term, param);
      case 'created_at':
      case 'updated_at':
        return dateCompare(`b.${field}`, term, param);
      case 'id':
        return idCompare('b.id', term, param);
      default:
        return undefined;
    }
  },
};

export const ARTICLE_SEARCH: Searchable = {
  vector: `to_tsvector('english', a.title || ' ' || a.author_name || ' ' || array_to_string(a.tags, ' ') || ' ' || a.content_html)`,
  term(field, term, param) {
    switch (field) {
      case 'title':
        return textContains('a.title', term, param);
      case 'handle':
        return textEquals('a.handle', term, param);
      case 'author':
        return textEquals('a.author_name', term, param);
      case 'blog_title':
        return textEquals('b.title', term, param);
      case 'tag':
        return hasTag('a.tags', term, param);
      case 'tag_not':
        return `not ${hasTag('a.tags', term, param)}`;
      case 'created_at':
      case 'updated_at':
      case 'published_at':
        return dateCompare(`a.${field}`, term, param);
      case 'id':
        return idCompare('a.id', term, param);
      default:
        return undefined;
    }
  },
};
