import { BigIntType, type Opt } from '@mikro-orm/core';
import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/** A postal address of a customer; at most one per customer is the default (a partial unique index). */
@Entity({ tableName: 'customer_addresses' })
@Index({ properties: ['customerId'] })
@Unique({ name: 'customer_addresses_default_key', properties: ['customerId'], where: 'is_default' })
export class CustomerAddress extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  customerId!: number;

  @Property({ type: 'text', nullable: true })
  firstName?: string | null;

  @Property({ type: 'text', nullable: true })
  lastName?: string | null;

  @Property({ type: 'text', nullable: true })
  company?: string | null;

  @Property({ type: 'text', nullable: true })
  address1?: string | null;

  @Property({ type: 'text', nullable: true })
  address2?: string | null;

  @Property({ type: 'text', nullable: true })
  city?: string | null;

  @Property({ type: 'text', nullable: true })
  province?: string | null;

  @Property({ type: 'text', nullable: true })
  provinceCode?: string | null;

  @Property({ type: 'text', nullable: true })
  country?: string | null;

  @Property({ length: 2, nullable: true })
  countryCode?: string | null;

  @Property({ type: 'text', nullable: true })
  zip?: string | null;

  @Property({ type: 'text', nullable: true })
  phone?: string | null;

  @Property({ type: 'boolean' })
  isDefault: Opt<boolean> = false;
}
