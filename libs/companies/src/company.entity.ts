import { BigIntType } from '@mikro-orm/core';
import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/** A business that buys from the shop (B2B): it has locations, and customers who buy for them (its contacts). */
@Entity({ tableName: 'companies' })
@Index({ properties: ['shopId', 'id'] })
export class Company extends TenantEntity {
  @Property({ type: 'text' })
  name!: string;

  /** The merchant's own id for the company (an ERP number), if any. */
  @Property({ type: 'text', nullable: true })
  externalId?: string | null;
}

/** A branch or office of a company that places orders; its catalog (if any) sets the prices its buyers see. */
@Entity({ tableName: 'company_locations' })
@Index({ properties: ['shopId', 'companyId'] })
export class CompanyLocation extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  companyId!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: new BigIntType('number'), nullable: true })
  catalogId?: number | null;
}

/** A customer who buys for a company (at most one company per customer and shop). */
@Entity({ tableName: 'company_contacts' })
export class CompanyContact extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  companyId!: number;

  /** A customer of the customers context: a plain id (the SQL foreign key cascades). */
  @Property({ type: new BigIntType('number') })
  customerId!: number;
}

/** A location of its company a contact may buy for. */
@Entity({ tableName: 'company_contact_locations' })
export class CompanyContactLocation extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  contactId!: number;

  @Property({ type: new BigIntType('number') })
  locationId!: number;
}
