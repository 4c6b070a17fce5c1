import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { forkForShop, insertRows } from '@platform/database';
import { Article } from './article.entity.js';
import { Blog } from './blog.entity.js';
import { articleRow, blogRow, pageRow, uniqueWithin } from './content.rules.js';
import type {
  ArticleRead,
  BlogRead,
  ImportedArticle,
  ImportedBlog,
  ImportedMenu,
  ImportedPage,
  MenuRead,
  NewArticle,
  NewBlog,
  NewMenu,
  NewPage,
  PageRead,
} from './content.types.js';
import { alignTo } from './align-to.js';
import { MenuItem } from './menu-item.entity.js';
import { Menu } from './menu.entity.js';
import { menuRows, menuTree } from './menu.rules.js';
import { Page } from './page.entity.js';
import { requireIds, taken } from './write-guards.js';

/** Pages, blogs with their articles, and navigation menus of the online store. */
@Injectable()
export class ContentService {
  constructor(private readonly em: EntityManager) {}

  /** Creates pages in one transaction (bulk import and seeding); returns their ids in the order given. */
  async importPages(shopId: number, pages: NewPage[]): Promise<ImportedPage[]> {
    if (pages.length === 0) return [];
    const rows = pages.map((p, i) => pageRow(p, `pages[${i}]`));
    uniqueWithin(rows, (r) => r.handle, (i) => `pages[${i}].handle`);
    return taken('handle', forkForShop(this.em, shopId).transactional(async (em) => {
      const ids = await insertRows(em, Page, rows.map((r) => ({ shopId, ...r })));
      return rows.map((r, i) => ({ id: ids[i], handle: r.handle }));
    }));
  }

  async importBlogs(shopId: number, blogs: NewBlog[]): Promise<ImportedBlog[]> {
    if (blogs.length === 0) return [];
    const rows = blogs.map((b, i) => blogRow(b, `blogs[${i}]`));
    uniqueWithin(rows, (r) => r.handle, (i) => `blogs[${i}].handle`);
    return taken('handle', forkForShop(this.em, shopId).transactional(async (em) => {
      const ids = await insertRows(em, Blog, rows.map((r) => ({ shopId, ...r })));
      return rows.map((r, i) => ({ id: ids[i], handle: r.handle }));
    }));
  }

  /** Creates articles in blogs of the same shop (another shop's blog is refused, though a foreign key would accept it). */
  async importArticles(shopId: number, articles: NewArticle[]): Promise<ImportedArticle[]> {
    if (articles.length === 0) return [];
    const rows = articles.map((a, i) => articleRow(a, `articles[${i}]`));
    uniqueWithin(rows, (r) => `${r.blogId}/${r.handle}`, (i) => `articles[${i}].handle`);
    return taken('handle', forkForShop(this.em, shopId).transactional(async (em) => {
      await requireIds(em, Blog, rows.map((r) => r.blogId), 'blogId');
      const ids = await insertRows(em, Article, rows.map((r) => ({ shopId, ...r })));
      return rows.map((r, i) => ({ id: ids[i], blogId: r.blogId, handle: r.handle }));
    }));
  }

  /**
   * Creates menus with their nested items, one insert per level. Items linking a page, blog or article of
   * this context must exist in the shop; products and collections are the catalog's and held by plain id.
   */
  async importMenus(shopId: number, menus: NewMenu[]): Promise<ImportedMenu[]> {
    if (menus.length === 0) return [];
    const prepared = menus.map((m, i) => menuRows(m, `menus[${i}]`));
    uniqueWithin(prepared, (p) => p.menu.handle, (i) => `menus[${i}].handle`);
    const linked = (type: string) => prepared.flatMap((p) => p.items.filter((item) => item.type === type).map((item) => item.resourceId!));
    return taken('handle', forkForShop(this.em, shopId).transactional(async (em) => {
      await requireIds(em, Page, linked('PAGE'), 'resourceId');
      await requireIds(em, Blog, linked('BLOG'), 'resourceId');
      await requireIds(em, Article, linked('ARTICLE'), 'resourceId');
      const menuIds = await insertRows(em, Menu, prepared.map((p) => ({ shopId, ...p.menu })));
      // Every item of every menu, flat; parents are inserted (one level per statement) before their children.
      const all = prepared.flatMap((p, m) => p.items.map((item, i) => ({ item, menu: m, index: i })));
      const idOf = new Map<string, number>();
      const depth = Math.max(0, ...all.map((a) => a.item.depth));
      for (let level = 1; level <= depth; level++) {
        const batch = all.filter((a) => a.item.depth === level);
        const ids = await insertRows(
          em,
          MenuItem,
          batch.map(({ item, menu }) => ({
            shopId,
            menuId: menuIds[menu],
            parentId: item.parent === null ? null : idOf.get(`${menu}/${item.parent}`)!,
            position: item.position,
            title: item.title,
            type: item.type,
            resourceId: item.resourceId,
            url: item.url,
            tags: item.tags,
          })),
        );
        batch.forEach((a, i) => idOf.set(`${a.menu}/${a.index}`, ids[i]));
      }
      return prepared.map((p, m) => ({ id: menuIds[m], handle: p.menu.handle, itemIds: p.items.map((_item, i) => idOf.get(`${m}/${i}`)!) }));
    }));
  }

  /** Published pages with these ids, in the order asked (null where none). */
  async pagesByIds(shopId: number, ids: readonly number[]): Promise<(PageRead | null)[]> {
    if (ids.length === 0) return [];
    const rows = await forkForShop(this.em, shopId).find(Page, { id: { $in: [...new Set(ids)] }, ...published() }, { disableIdentityMap: true });
    return alignTo(ids, new Map(rows.map((r) => [r.id, pageRead(r)])));
  }

  async pagesByHandles(shopId: number, handles: readonly string[]): Promise<(PageRead | null)[]> {
    if (handles.length === 0) return [];
    const rows = await forkForShop(this.em, shopId).find(Page, { handle: { $in: [...new Set(handles)] }, ...published() }, { disableIdentityMap: true });
    return alignTo(handles, new Map(rows.map((r) => [r.handle, pageRead(r)])));
  }

  async blogsByIds(shopId: number, ids: readonly number[]): Promise<(BlogRead | null)[]> {
    if (ids.length === 0) return [];
    const rows = await forkForShop(this.em, shopId).find(Blog, { id: { $in: [...new Set(ids)] } }, { disableIdentityMap: true });
    return alignTo(ids, new Map(rows.map((r) => [r.id, blogRead(r)])));
  }

  async blogsByHandles(shopId: number, handles: readonly string[]): Promise<(BlogRead | null)[]> {
    if (handles.length === 0) return [];
    const rows = await forkForShop(this.em, shopId).find(Blog, { handle: { $in: [...new Set(handles)] } }, { disableIdentityMap: true });
    return alignTo(handles, new Map(rows.map((r) => [r.handle, blogRead(r)])));
  }

  async articlesByIds(shopId: number, ids: readonly number[]): Promise<(ArticleRead | null)[]> {
    if (ids.length === 0) return [];
    const rows = await forkForShop(this.em, shopId).find(Article, { id: { $in: [...new Set(ids)] }, ...published() }, { disableIdentityMap: true });
    return alignTo(ids, new Map(rows.map((r) => [r.id, articleRead(r)])));
  }

  /** Published articles by (blog, handle), in the order asked (null where none). */
  async articlesByHandles(shopId: number, keys: readonly { blogId: number; handle: string }[]): Promise<(ArticleRead | null)[]> {
    if (keys.length === 0) return [];
    const rows = await forkForShop(this.em, shopId).find(
      Article,
      { $or: keys.map((k) => ({ blogId: k.blogId, handle: k.handle })), ...published() },
      { disableIdentityMap: true },
    );
    const found = new Map(rows.map((r) => [`${r.blogId}/${r.handle}`, articleRead(r)]));
    return keys.map((k) => found.get(`${k.blogId}/${k.handle}`) ?? null);
  }

  /** Menus with their nested items, in the order asked (null where none): two statements for any number of menus. */
  async menusByHandles(shopId: number, handles: readonly string[]): Promise<(MenuRead | null)[]> {
    if (handles.length === 0) return [];
    const em = forkForShop(this.em, shopId);
    const menus = await em.find(Menu, { handle: { $in: [...new Set(handles)] } }, { disableIdentityMap: true });
    const items = menus.length === 0 ? [] : await em.find(MenuItem, { menuId: { $in: menus.map((m) => m.id) } }, { disableIdentityMap: true });
    const found = new Map(
      menus.map((m) => {
        const own = items.filter((i) => i.menuId === m.id).map((i) => ({ ...i, parentId: i.parentId ?? null, resourceId: i.resourceId ?? null, url: i.url ?? null }));
        return [m.handle, { id: m.id, handle: m.handle, title: m.title, itemsCount: own.length, items: menuTree(own) }];
      }),
    );
    return alignTo(handles, found);
  }
}

// Storefront reads show what is published by now.
function published() {
  return { publishedAt: { $ne: null, $lte: new Date() } };
}

function seo(row: { seoTitle?: string | null; seoDescription?: string | null }) {
  return { title: row.seoTitle ?? null, description: row.seoDescription ?? null };
}

function pageRead(r: Page): PageRead {
  return {
    id: r.id,
    handle: r.handle,
    title: r.title,
    bodyHtml: r.bodyHtml,
    bodySummary: r.bodySummary,
    seo: seo(r),
    publishedAt: r.publishedAt ?? null,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

function blogRead(r: Blog): BlogRead {
  return { id: r.id, handle: r.handle, title: r.title, seo: seo(r), createdAt: r.createdAt, updatedAt: r.updatedAt };
}

function articleRead(r: Article): ArticleRead {
  return {
    id: r.id,
    blogId: r.blogId,
    handle: r.handle,
    title: r.title,
    contentHtml: r.contentHtml,
    excerptHtml: r.excerptHtml ?? null,
    authorName: r.authorName,
    tags: r.tags,
    image: r.imageUrl ? { url: r.imageUrl, altText: r.imageAltText ?? null } : null,
    seo: seo(r),
    publishedAt: r.publishedAt!,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}
