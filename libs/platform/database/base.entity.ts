import { BigIntType, type Opt } from '@mikro-orm/core';
import { PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** Integer id (bigint in SQL, number in code) and timestamps; every table has them. */
export abstract class BaseEntity {
  @PrimaryKey({ type: new BigIntType('number'), autoincrement: true })
  id!: number;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}

/** A row that belongs to one shop; the `tenant` filter scopes every query on it to the request's shop. */
export abstract class TenantEntity extends BaseEntity {
  @Property({ type: new BigIntType('number') })
  shopId!: number;
}
