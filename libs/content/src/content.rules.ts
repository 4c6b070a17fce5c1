import { checkTitle } from '@platform/errors';
import { plainText } from '@platform/html';
import { parseFileKey } from '@platform/storage';
import { type Invalid, invalidAt, taken } from './content.errors.js';
import type { NewArticle, NewArticleImage, NewBlog, NewPage, Seo } from './content.inputs.js';

export const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_HANDLE = 255;
/** Length of a derived body summary (plain text), before the ellipsis. */
export const SUMMARY_LENGTH = 150;

export function checkHandle(handle: string, invalid: Invalid, path = 'handle'): string {
  if (!HANDLE_PATTERN.test(handle) || handle.length > MAX_HANDLE) throw invalid(path, 'must be lowercase letters, digits and single hyphens');
  return handle;
}

function seoColumns(seo: Partial<Seo> | undefined) {
  return { seoTitle: seo?.title?.trim() || null, seoDescription: seo?.description?.trim() || null };
}

// A published-at of `undefined` means now; null keeps the resource hidden.
function publishedAt(value: Date | null | undefined, now: Date, invalid: Invalid): Date | null {
  if (value === undefined) return now;
  if (value !== null && Number.isNaN(value.getTime())) throw invalid('publishedAt', 'is not a valid date');
  return value;
}

/** The text of an HTML fragment on one line, cut at a word boundary after about `length` characters. */
export function summarize(html: string, length = SUMMARY_LENGTH): string {
  return plainText(html, length);
}

/** Validates a new page and turns it into a row (published `now` unless told); `field` prefixes error fields (e.g. `pages[3]`). */
export function pageRow(input: NewPage, now: Date, field = 'page') {
  const invalid = invalidAt(field);
  const bodyHtml = input.bodyHtml ?? '';
  return {
    handle: checkHandle(input.handle, invalid),
    title: checkTitle(input.title, invalid),
    bodyHtml,
    bodySummary: input.bodySummary?.trim() ?? summarize(bodyHtml),
    ...seoColumns(input.seo),
    publishedAt: publishedAt(input.publishedAt, now, invalid),
  };
}

export function blogRow(input: NewBlog, field = 'blog') {
  const invalid = invalidAt(field);
  return { handle: checkHandle(input.handle, invalid), title: checkTitle(input.title, invalid), ...seoColumns(input.seo) };
}

/** Validates a new article of shop `shopId` and turns it into a row (published `now` unless told). */
export function articleRow(input: NewArticle, now: Date, shopId: number, field = 'article') {
  const invalid = invalidAt(field);
  if (!Number.isSafeInteger(input.blogId) || input.blogId <= 0) throw invalid('blogId', 'must be the id of a blog');
  return {
    blogId: input.blogId,
    handle: checkHandle(input.handle, invalid),
    title: checkTitle(input.title, invalid),
    contentHtml: input.contentHtml ?? '',
    excerptHtml: input.excerptHtml ?? null,
    authorName: input.authorName?.trim() ?? '',
    tags: [...new Set((input.tags ?? []).map((t) => t.trim()).filter(Boolean))],
    ...imageColumns(input.image ?? null, shopId, invalid),
    ...seoColumns(input.seo),
    publishedAt: publishedAt(input.publishedAt, now, invalid),
  };
}

// A kept cover must be a public file of the article's shop: the storefront serves it on that shop's origin.
function imageColumns(image: NewArticleImage | null, shopId: number, invalid: Invalid) {
  const none = { imageUrl: null, imageFileKey: null, imageWidth: null, imageHeight: null, imageAltText: null };
  if (!image) return none;
  const imageAltText = image.altText ?? null;
  if ('url' in image) {
    if (!/^https?:\/\/\S+$/.test(image.url)) throw invalid('image.url', 'must be an absolute http(s) URL');
    return { ...none, imageUrl: image.url, imageAltText };
  }
  const file = parseFileKey(image.fileKey);
  if (file?.access !== 'public' || file.shopId !== shopId) throw invalid('image.fileKey', "must be a public file of the shop's");
  for (const side of ['width', 'height'] as const) {
    const value = image[side];
    if (value != null && (!Number.isSafeInteger(value) || value <= 0)) throw invalid(`image.${side}`, 'must be a positive whole number');
  }
  return { ...none, imageFileKey: image.fileKey, imageWidth: image.width ?? null, imageHeight: image.height ?? null, imageAltText };
}

/** Refuses a handle given twice in one batch (the unique index would say so too, but without the field). */
export function uniqueWithin<T>(items: T[], keyOf: (item: T) => string, field: (index: number) => string): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const key = keyOf(item);
    if (seen.has(key)) throw taken(field(i));
    seen.add(key);
  });
}
