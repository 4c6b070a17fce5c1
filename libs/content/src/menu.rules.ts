import type { NewMenu, NewMenuItem } from './content.inputs.js';
import type { MenuItemRecord } from './content.records.js';
import { type Invalid, invalidAt } from './content.errors.js';
import { checkTitle } from '@platform/errors';
import { checkHandle } from './content.rules.js';
import { MENU_ITEM_TYPES, type MenuItemType } from './menu-item.entity.js';

/** A menu has at most three levels: top items, their children and grandchildren (as on the hosted platform). */
export const MAX_MENU_DEPTH = 3;
export const MAX_MENU_ITEMS = 1_000;

// Items that stand for one resource need its id; the others link a fixed place or, for HTTP, a URL.
export const RESOURCE_MENU_ITEM_TYPES: readonly MenuItemType[] = ['COLLECTION', 'PRODUCT', 'PAGE', 'BLOG', 'ARTICLE', 'METAOBJECT'];

/** A menu item ready to be written; `parent` is the index (in the same list) of its parent, or null. */
export interface MenuItemRow {
  parent: number | null;
  depth: number;
  position: number;
  title: string;
  type: MenuItemType;
  resourceId: number | null;
  url: string | null;
  tags: string[];
}

/**
 * Validates a menu and flattens its item tree depth first (parents before their children, in the order given).
 * `field` prefixes error fields, e.g. `menus[0].items[1].items[0].url`.
 */
export function menuRows(input: NewMenu, field = 'menu'): { menu: { handle: string; title: string }; items: MenuItemRow[] } {
  const invalid = invalidAt(field);
  const menu = { handle: checkHandle(input.handle, invalid), title: checkTitle(input.title, invalid) };
  const items: MenuItemRow[] = [];
  const walk = (children: NewMenuItem[], parent: number | null, depth: number, path: string) => {
    if (children.length > 0 && depth > MAX_MENU_DEPTH) throw invalid(path, `can nest at most ${MAX_MENU_DEPTH} levels`, 'TOO_DEEP');
    children.forEach((item, i) => {
      const at = `${path}[${i}]`;
      items.push(menuItemRow(item, parent, depth, i + 1, invalid, at));
      if (items.length > MAX_MENU_ITEMS) throw invalid('items', `can have at most ${MAX_MENU_ITEMS} items`, 'TOO_MANY');
      walk(item.items ?? [], items.length - 1, depth + 1, `${at}.items`);
    });
  };
  walk(input.items, null, 1, 'items');
  return { menu, items };
}

function menuItemRow(item: NewMenuItem, parent: number | null, depth: number, position: number, invalid: Invalid, at: string): MenuItemRow {
  if (!MENU_ITEM_TYPES.includes(item.type)) throw invalid(`${at}.type`, `must be one of ${MENU_ITEM_TYPES.join(', ')}`);
  const resourceId = item.resourceId ?? null;
  const url = item.url?.trim() || null;
  if (RESOURCE_MENU_ITEM_TYPES.includes(item.type)) {
    if (resourceId === null || !Number.isSafeInteger(resourceId) || resourceId <= 0) {
      throw invalid(`${at}.resourceId`, `is required for a ${item.type} item`, 'BLANK');
    }
  } else if (resourceId !== null) {
    throw invalid(`${at}.resourceId`, `must be empty for a ${item.type} item`);
  }
  if (item.type === 'HTTP' && url === null) throw invalid(`${at}.url`, 'is required for an HTTP item', 'BLANK');
  // Absolute web and mail links, or a path on the shop's own domain.
  if (url !== null && !/^(https?:\/\/\S+|mailto:\S+|tel:\S+|\/\S*)$/.test(url)) throw invalid(`${at}.url`, 'must be an http(s), mailto or tel URL, or a path');
  const tags = [...new Set((item.tags ?? []).map((t) => t.trim()).filter(Boolean))];
  if (tags.length > 0 && item.type !== 'COLLECTION') throw invalid(`${at}.tags`, 'can only filter a COLLECTION item');
  return { parent, depth, position, title: checkTitle(item.title, invalid, `${at}.title`), type: item.type, resourceId, url, tags };
}

/** Rebuilds the nested items of a menu from its stored rows (any order): each level sorted by position. */
export function menuTree(
  rows: readonly { id: number; parentId: number | null; position: number; title: string; type: MenuItemType; resourceId: number | null; url: string | null; tags: string[] }[],
): MenuItemRecord[] {
  const children = new Map<number | null, typeof rows[number][]>();
  for (const row of rows) {
    const siblings = children.get(row.parentId) ?? [];
    siblings.push(row);
    children.set(row.parentId, siblings);
  }
  const build = (parentId: number | null): MenuItemRecord[] =>
    (children.get(parentId) ?? [])
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((row) => ({ id: row.id, title: row.title, type: row.type, resourceId: row.resourceId, url: row.url, tags: row.tags, items: build(row.id) }));
  return build(null);
}
