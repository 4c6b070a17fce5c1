import type { MenuRead } from '../content.types.js';
import type { MetafieldRead } from '../metafield.types.js';
import type { MetaobjectRead } from '../metaobject.types.js';

// What storefront reads of content return: plain rows, no ORM entities (hot path). Menus, metafields and
// metaobjects keep the shapes the context's services already read them in.

export interface PageRecord {
  id: number;
  handle: string;
  title: string;
  bodyHtml: string;
  bodySummary: string;
  seoTitle: string | null;
  seoDescription: string | null;
  publishedAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export interface BlogRecord {
  id: number;
  handle: string;
  title: string;
  seoTitle: string | null;
  seoDescription: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ArticleRecord {
  id: number;
  blogId: number;
  handle: string;
  title: string;
  contentHtml: string;
  excerptHtml: string | null;
  authorName: string;
  tags: string[];
  imageUrl: string | null;
  imageAltText: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  publishedAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export type MenuRecord = MenuRead;
export type MetafieldRecord = MetafieldRead;
export type MetaobjectRecord = MetaobjectRead;
