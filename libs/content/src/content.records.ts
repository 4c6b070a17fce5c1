import type { MenuItemType } from './menu-item.entity.js';

// What content's services return: plain rows, no ORM entities (storefront reads are a hot path), and the ids
// of what an import wrote.

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
  /** The cover's external URL, or (`imageFileKey`) the key of a file the platform keeps, with its sides. */
  imageUrl: string | null;
  imageFileKey: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  imageAltText: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  publishedAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export interface MenuItemRecord {
  id: number;
  title: string;
  type: MenuItemType;
  resourceId: number | null;
  url: string | null;
  tags: string[];
  items: MenuItemRecord[];
}

export interface MenuRecord {
  id: number;
  handle: string;
  title: string;
  /** Items at every level. */
  itemsCount: number;
  items: MenuItemRecord[];
}

export interface ImportedPage {
  id: number;
  handle: string;
}

export interface ImportedBlog {
  id: number;
  handle: string;
}

export interface ImportedArticle {
  id: number;
  blogId: number;
  handle: string;
}

/** `itemIds` lists the menu's items depth first, in the order they were given (parents before children). */
export interface ImportedMenu {
  id: number;
  handle: string;
  itemIds: number[];
}
