import { BigIntType, type Opt } from '@mikro-orm/core';
import { Entity, Enum, Index, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

export const MENU_ITEM_TYPES = [
  'FRONTPAGE',
  'COLLECTION',
  'COLLECTIONS',
  'CATALOG',
  'PRODUCT',
  'PAGE',
  'BLOG',
  'ARTICLE',
  'SEARCH',
  'HTTP',
  'SHOP_POLICY',
  'METAOBJECT',
  'CUSTOMER_ACCOUNT_PAGE',
] as const;
/** What a menu item links to (the storefront's MenuItemType). */
export type MenuItemType = (typeof MENU_ITEM_TYPES)[number];

/** A link of a menu; `parentId` nests it under another item of the same menu (at most three levels). */
@Entity({ tableName: 'menu_items' })
@Index({ properties: ['menuId', 'position'] })
export class MenuItem extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  menuId!: number;

  @Property({ type: new BigIntType('number'), nullable: true })
  parentId?: number | null;

  /** 1-based among the item's siblings. */
  @Property({ type: 'integer' })
  position!: number;

  @Property({ type: 'text' })
  title!: string;

  @Enum({ items: () => MENU_ITEM_TYPES })
  type!: MenuItemType;

  // Plain id of the linked product, collection, page, blog, article or metaobject (no foreign key: it varies by type).
  @Property({ type: new BigIntType('number'), nullable: true })
  resourceId?: number | null;

  @Property({ type: 'text', nullable: true })
  url?: string | null;

  /** Tags that filter a linked collection. */
  @Property({ type: 'text[]' })
  tags: Opt<string[]> = [];
}
