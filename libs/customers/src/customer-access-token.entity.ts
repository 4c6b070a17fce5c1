import { BigIntType } from '@mikro-orm/core';
import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/** A buyer's login on the storefront. Only the SHA-256 of the token is stored; it stops working at `expiresAt`. */
@Entity({ tableName: 'customer_access_tokens' })
@Index({ properties: ['customerId'] })
@Index({ properties: ['shopId', 'expiresAt'] })
export class CustomerAccessToken extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  customerId!: number;

  @Property({ length: 64, unique: true })
  tokenHash!: string;

  @Property({ type: 'datetime' })
  expiresAt!: Date;
}
