import { BigIntType } from '@mikro-orm/core';
import { Entity, Enum, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

export const METAFIELD_OWNER_TYPES = [
  'PRODUCT',
  'PRODUCTVARIANT',
  'COLLECTION',
  'SHOP',
  'PAGE',
  'BLOG',
  'ARTICLE',
  'CUSTOMER',
  'MARKET',
  'ORDER',
  'COMPANY',
  'MEDIA_IMAGE',
] as const;
/** The kind of resource a metafield belongs to (the hosted platform's MetafieldOwnerType names); its context registers it. */
export type MetafieldOwnerType = (typeof METAFIELD_OWNER_TYPES)[number];

/**
 * Custom data on a resource, identified by namespace and key. The value is always a string, read according
 * to `type` (single_line_text_field, number_integer, json, product_reference…); metafield.rules.ts checks it.
 */
@Entity({ tableName: 'metafields' })
@Unique({ properties: ['shopId', 'ownerType', 'ownerId', 'namespace', 'key'] })
export class Metafield extends TenantEntity {
  @Enum({ items: () => METAFIELD_OWNER_TYPES })
  ownerType!: MetafieldOwnerType;

  // Plain id of the owner (for SHOP, the shop's id); no foreign key, as the table varies with owner_type.
  @Property({ type: new BigIntType('number') })
  ownerId!: number;

  @Property({ length: 255 })
  namespace!: string;

  @Property({ length: 64 })
  key!: string;

  @Property({ type: 'text' })
  type!: string;

  @Property({ type: 'text' })
  value!: string;

  @Property({ type: 'text', nullable: true })
  description?: string | null;
}
