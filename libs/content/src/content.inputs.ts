import type { MenuItemType } from './menu-item.entity.js';

/** SEO title and description; null means "use the resource's own title / summary". */
export interface Seo {
  title: string | null;
  description: string | null;
}

export interface NewPage {
  handle: string;
  title: string;
  bodyHtml?: string;
  /** Defaults to the body's text, shortened. */
  bodySummary?: string;
  seo?: Partial<Seo>;
  /** Defaults to now; null keeps the page hidden. */
  publishedAt?: Date | null;
}

export interface NewBlog {
  handle: string;
  title: string;
  seo?: Partial<Seo>;
}

export interface NewArticle {
  /** A blog of the same shop. */
  blogId: number;
  handle: string;
  title: string;
  contentHtml?: string;
  excerptHtml?: string | null;
  authorName?: string;
  tags?: string[];
  image?: NewArticleImage | null;
  seo?: Partial<Seo>;
  /** Defaults to now; null keeps the article hidden. */
  publishedAt?: Date | null;
}

/**
 * An article's cover: an external image by `url`, or a file the platform keeps (`fileKey`, a public file of the shop
 * the media part's `storeImage` returned) with its sides.
 */
export type NewArticleImage =
  | { url: string; altText?: string | null }
  | { fileKey: string; width?: number | null; height?: number | null; altText?: string | null };

/** A menu link; HTTP items need a `url`, items linking a resource (PRODUCT, COLLECTION, PAGE…) its `resourceId`. */
export interface NewMenuItem {
  title: string;
  type: MenuItemType;
  resourceId?: number | null;
  url?: string | null;
  tags?: string[];
  /** Nested items; a menu has at most three levels. */
  items?: NewMenuItem[];
}

export interface NewMenu {
  handle: string;
  title: string;
  items: NewMenuItem[];
}
