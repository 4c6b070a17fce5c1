import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { BoundedList, StorefrontNode, StorefrontSchema, enumOf } from '@platform/graphql-types';
import type { MenuItemRecord } from '../../content.records.js';
import { MENU_ITEM_TYPES, type MenuItemType } from '../../menu-item.entity.js';
import { MAX_TAGS } from '@platform/errors';
import { MAX_MENU_ITEMS } from '../../menu.rules.js';

export const MenuItemTypes = enumOf(MENU_ITEM_TYPES);
registerEnumType(MenuItemTypes, { registerIn: () => StorefrontSchema, name: 'MenuItemType', description: 'What a menu item links to.' });

// `url` is a resolved field (menus.storefront.resolver.ts): it needs the linked resource's handle.
@ObjectType('MenuItem', { registerIn: () => StorefrontSchema, implements: () => [StorefrontNode], description: 'A link of a navigation menu.' })
export class StorefrontMenuItem {
  __typename!: 'MenuItem';

  @Field(() => ID)
  id!: string;

  @Field()
  title!: string;

  @Field(() => MenuItemTypes)
  type!: MenuItemType;

  @Field(() => ID, { nullable: true, description: 'The global ID of the linked resource.' })
  resourceId!: string | null;

  @BoundedList({ max: MAX_TAGS, withParent: true })
  @Field(() => [String], { description: 'Tags that filter the linked collection.' })
  tags!: string[];

  @BoundedList({ max: MAX_MENU_ITEMS, withParent: true })
  @Field(() => [StorefrontMenuItem], { description: 'Child items (menus nest up to three levels).' })
  items!: StorefrontMenuItem[];

  record!: MenuItemRecord;
}

@ObjectType('Menu', { registerIn: () => StorefrontSchema, implements: () => [StorefrontNode], description: 'A navigation menu: a hierarchy of links.' })
export class StorefrontMenu {
  __typename!: 'Menu';

  @Field(() => ID)
  id!: string;

  @Field()
  handle!: string;

  @Field()
  title!: string;

  @BoundedList({ max: MAX_MENU_ITEMS, withParent: true })
  @Field(() => [StorefrontMenuItem], { description: 'Top-level items.' })
  items!: StorefrontMenuItem[];

  @Field(() => Int, { description: 'The count of items on the menu, at every level.' })
  itemsCount!: number;
}
