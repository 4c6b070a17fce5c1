import { BigIntType, type Opt } from '@mikro-orm/core';
import { Entity, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/** An app installed on a shop, with the scopes the merchant granted. */
@Entity({ tableName: 'app_installations' })
@Unique({ properties: ['shopId', 'appId'] })
export class AppInstallation extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  appId!: number;

  @Property({ type: 'text[]' })
  scopes: Opt<string[]> = [];
}
