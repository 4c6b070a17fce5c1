import { BigIntType } from '@mikro-orm/core';
import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/** A key and value the buyer attached to the cart (gift message, delivery notes). */
export interface CartAttribute {
  key: string;
  value: string;
}

/**
 * A buyer's cart. Addressed by `token` and a secret key of which only the SHA-256 (`keyHash`) is stored. The
 * currency is the market's of `countryCode`; it changes only with the buyer identity's country.
 */
@Entity({ tableName: 'carts' })
@Unique({ properties: ['shopId', 'token'] })
@Index({ properties: ['shopId', 'expiresAt'] })
export class Cart extends TenantEntity {
  @Property()
  token!: string;

  @Property()
  keyHash!: string;

  @Property({ length: 3 })
  currency!: string;

  @Property()
  countryCode!: string;

  @Property({ type: 'text', nullable: true })
  note: string | null = null;

  @Property({ type: 'json' })
  attributes: CartAttribute[] = [];

  @Property({ type: 'text[]' })
  discountCodes: string[] = [];

  @Property({ type: 'text', nullable: true })
  email: string | null = null;

  @Property({ type: 'text', nullable: true })
  phone: string | null = null;

  @Property({ type: new BigIntType('number'), nullable: true })
  customerId: number | null = null;

  @Property({ type: 'datetime', nullable: true })
  completedAt: Date | null = null;

  @Property({ type: 'datetime' })
  expiresAt!: Date;
}
