import type { StorefrontImage } from '@platform/graphql-types';
import { toGlobalId } from '@platform/ids';
import { keptImageUrl } from '@platform/media';
import type { MenuItemType } from '../../menu-item.entity.js';
import type { ArticleRecord, BlogRecord, MenuItemRecord, MenuRecord, PageRecord } from '../../content.records.js';
import type { MetaobjectRecord } from '../../metaobject.records.js';
import type { StorefrontArticle, StorefrontArticleAuthor } from './article.type.js';
import type { StorefrontBlog } from './blog.type.js';
import type { StorefrontMenu, StorefrontMenuItem } from './menu.type.js';
import type { StorefrontMetaobject } from './metaobject.type.js';
import type { StorefrontPage } from './page.type.js';
import type { StorefrontSeo } from './seo.type.js';

// Records to storefront views: plain objects with every scalar field ready, and the record for the
// field resolvers of nested lists.

export function pageView(record: PageRecord): StorefrontPage {
  return {
    __typename: 'Page',
    id: toGlobalId('Page', record.id),
    handle: record.handle,
    title: record.title,
    body: record.bodyHtml,
    bodySummary: record.bodySummary,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    seo: seo(record),
    onlineStoreUrl: null,
    trackingParameters: null,
    record,
  };
}

export function blogView(record: BlogRecord): StorefrontBlog {
  return { __typename: 'Blog', id: toGlobalId('Blog', record.id), handle: record.handle, title: record.title, seo: seo(record), onlineStoreUrl: null, record };
}

export function articleView(record: ArticleRecord): StorefrontArticle {
  const author = authorView(record.authorName);
  return {
    __typename: 'Article',
    id: toGlobalId('Article', record.id),
    handle: record.handle,
    title: record.title,
    contentHtml: record.contentHtml,
    excerptHtml: record.excerptHtml,
    authorV2: record.authorName ? author : null,
    author,
    tags: record.tags,
    publishedAt: record.publishedAt,
    seo: seo(record),
    onlineStoreUrl: null,
    trackingParameters: null,
    record,
  };
}

/** The article's cover on `origin` (the request's): a kept file's URL is the shop domain's own; an external one as it is. */
export function articleImageView(record: ArticleRecord, origin: string): StorefrontImage | null {
  if (record.imageFileKey) {
    const url = keptImageUrl(record.imageFileKey, record.updatedAt, origin);
    return { id: null, url, altText: record.imageAltText, width: record.imageWidth, height: record.imageHeight };
  }
  return record.imageUrl ? { id: null, url: record.imageUrl, altText: record.imageAltText, width: null, height: null } : null;
}

/** An author known by name only: first name is its first word, last name the rest. */
export function authorView(name: string): StorefrontArticleAuthor {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { name, firstName, lastName: rest.join(' '), bio: null };
}

export function menuView(record: MenuRecord): StorefrontMenu {
  return { __typename: 'Menu', id: toGlobalId('Menu', record.id), handle: record.handle, title: record.title, items: record.items.map(menuItemView), itemsCount: record.itemsCount };
}

// Global id type of the resource each kind of menu item links (the others link a fixed place or a URL).
const LINKED_TYPE: Partial<Record<MenuItemType, string>> = {
  PRODUCT: 'Product',
  COLLECTION: 'Collection',
  PAGE: 'Page',
  BLOG: 'Blog',
  ARTICLE: 'Article',
  METAOBJECT: 'Metaobject',
};

export function menuItemView(record: MenuItemRecord): StorefrontMenuItem {
  const linked = LINKED_TYPE[record.type];
  return {
    __typename: 'MenuItem',
    id: toGlobalId('MenuItem', record.id),
    title: record.title,
    type: record.type,
    resourceId: linked && record.resourceId !== null ? toGlobalId(linked, record.resourceId) : null,
    tags: record.tags,
    items: record.items.map(menuItemView),
    record,
  };
}

/** Paths of the items that link a fixed place of the store (as the hosted online store lays them out). */
export const FIXED_PATHS: Partial<Record<MenuItemType, string>> = {
  FRONTPAGE: '/',
  CATALOG: '/collections/all',
  COLLECTIONS: '/collections',
  SEARCH: '/search',
};

export function metaobjectView(record: MetaobjectRecord): StorefrontMetaobject {
  return {
    __typename: 'Metaobject',
    id: toGlobalId('Metaobject', record.id),
    handle: record.handle,
    type: record.type,
    updatedAt: record.updatedAt,
    fields: record.fields.map((f) => ({ key: f.key, type: f.type, value: f.value })),
    onlineStoreUrl: null,
    record,
  };
}

function seo(record: { seoTitle: string | null; seoDescription: string | null }): StorefrontSeo {
  return { title: record.seoTitle, description: record.seoDescription };
}
