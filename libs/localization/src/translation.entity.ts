import { BigIntType } from '@mikro-orm/core';
import { Entity, Enum, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

export const TRANSLATABLE_RESOURCE_TYPES = [
  'PRODUCT',
  'PRODUCT_OPTION',
  'COLLECTION',
  'PAGE',
  'BLOG',
  'ARTICLE',
  'MENU',
  'MENU_ITEM',
  'METAFIELD',
  'METAOBJECT',
  'SELLING_PLAN_GROUP',
  'SELLING_PLAN',
] as const;
/** A kind of resource whose text can be translated. */
export type TranslatableResourceType = (typeof TRANSLATABLE_RESOURCE_TYPES)[number];

/**
 * The text of one field of one resource in one locale (e.g. PRODUCT 42, `fr`, `title`). Keys are the hosted
 * platform's translatable content keys (`title`, `body_html`, `summary_html`…); translation.rules.ts lists them.
 */
@Entity({ tableName: 'translations' })
@Unique({ properties: ['shopId', 'resourceType', 'resourceId', 'locale', 'key'] })
export class Translation extends TenantEntity {
  @Enum({ items: () => TRANSLATABLE_RESOURCE_TYPES })
  resourceType!: TranslatableResourceType;

  // Plain id of the resource (no foreign key: the table varies with resource_type).
  @Property({ type: new BigIntType('number') })
  resourceId!: number;

  /** `fr`, `pt-BR`: a lowercase language code, optionally with an uppercase region. */
  @Property({ length: 20 })
  locale!: string;

  @Property({ length: 100 })
  key!: string;

  @Property({ type: 'text' })
  value!: string;
}
