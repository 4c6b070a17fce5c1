import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { SqlPool, insertRows } from '@platform/database';
import type { RequestContext } from '@platform/request';
import { Article } from './article.entity.js';
import { Blog } from './blog.entity.js';
import { articleRow, blogRow, pageRow, uniqueWithin } from './content.rules.js';
import type { NewArticle, NewBlog, NewMenu, NewPage } from './content.inputs.js';
import type { ImportedArticle, ImportedBlog, ImportedMenu, ImportedPage } from './content.records.js';
import { MenuItem } from './menu-item.entity.js';
import { Menu } from './menu.entity.js';
import { EXISTING_ARTICLES, EXISTING_BLOGS, EXISTING_PAGES } from './metafield-owners.sql.js';
import { menuRows } from './menu.rules.js';
import { Page } from './page.entity.js';
import { requireIds, uniqueOn } from './import-checks.js';

/** Writes pages, blogs with their articles, and navigation menus of the online store (ContentStorefrontService reads them). */
@Injectable()
export class ContentService {
  constructor(
    private readonly sql: SqlPool,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  /** Which of `ids` are pages, blogs or articles of ctx's shop (the metafields' owner registry asks), in one statement. */
  async existingOwners(ctx: RequestContext, ownerType: 'PAGE' | 'BLOG' | 'ARTICLE', ids: readonly number[]): Promise<number[]> {
    const statement = { PAGE: EXISTING_PAGES, BLOG: EXISTING_BLOGS, ARTICLE: EXISTING_ARTICLES }[ownerType];
    return (await this.sql.rows<{ id: number }>(ctx, statement, [ctx.shop.id, ids])).map((row) => row.id);
  }

  /** Creates pages in one transaction (bulk import and seeding); returns their ids in the order given. */
  async importPages(ctx: RequestContext, pages: NewPage[]): Promise<ImportedPage[]> {
    if (pages.length === 0) return [];
    const now = new Date(this.clock.now());
    const rows = pages.map((p, i) => pageRow(p, now, `pages[${i}]`));
    uniqueWithin(rows, (r) => r.handle, (i) => `pages[${i}].handle`);
    return uniqueOn('handle', ctx.em.transactional(async (em) => {
      const ids = await insertRows(em, Page, rows.map((r) => ({ shopId: ctx.shop.id, ...r })));
      return rows.map((r, i) => ({ id: ids[i], handle: r.handle }));
    }));
  }

  async importBlogs(ctx: RequestContext, blogs: NewBlog[]): Promise<ImportedBlog[]> {
    if (blogs.length === 0) return [];
    const rows = blogs.map((b, i) => blogRow(b, `blogs[${i}]`));
    uniqueWithin(rows, (r) => r.handle, (i) => `blogs[${i}].handle`);
    return uniqueOn('handle', ctx.em.transactional(async (em) => {
      const ids = await insertRows(em, Blog, rows.map((r) => ({ shopId: ctx.shop.id, ...r })));
      return rows.map((r, i) => ({ id: ids[i], handle: r.handle }));
    }));
  }

  /** Creates articles in blogs of the same shop (another shop's blog is refused, though a foreign key would accept it). */
  async importArticles(ctx: RequestContext, articles: NewArticle[]): Promise<ImportedArticle[]> {
    if (articles.length === 0) return [];
    const now = new Date(this.clock.now());
    const rows = articles.map((a, i) => articleRow(a, now, ctx.shop.id, `articles[${i}]`));
    uniqueWithin(rows, (r) => `${r.blogId}/${r.handle}`, (i) => `articles[${i}].handle`);
    return uniqueOn('handle', ctx.em.transactional(async (em) => {
      await requireIds(em, Blog, rows.map((r) => r.blogId), 'blogId');
      const ids = await insertRows(em, Article, rows.map((r) => ({ shopId: ctx.shop.id, ...r })));
      return rows.map((r, i) => ({ id: ids[i], blogId: r.blogId, handle: r.handle }));
    }));
  }

  /**
   * Creates menus with their nested items, one insert per level. Items linking a page, blog or article of
   * this context must exist in the shop; products and collections are the catalog's and held by plain id.
   */
  async importMenus(ctx: RequestContext, menus: NewMenu[]): Promise<ImportedMenu[]> {
    if (menus.length === 0) return [];
    const prepared = menus.map((m, i) => menuRows(m, `menus[${i}]`));
    uniqueWithin(prepared, (p) => p.menu.handle, (i) => `menus[${i}].handle`);
    const linked = (type: string) => prepared.flatMap((p) => p.items.filter((item) => item.type === type).map((item) => item.resourceId!));
    return uniqueOn('handle', ctx.em.transactional(async (em) => {
      await requireIds(em, Page, linked('PAGE'), 'resourceId');
      await requireIds(em, Blog, linked('BLOG'), 'resourceId');
      await requireIds(em, Article, linked('ARTICLE'), 'resourceId');
      const menuIds = await insertRows(em, Menu, prepared.map((p) => ({ shopId: ctx.shop.id, ...p.menu })));
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
            shopId: ctx.shop.id,
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
}
