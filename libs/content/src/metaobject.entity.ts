import { BigIntType } from '@mikro-orm/core';
import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/**
 * An entry of a metaobject definition. `fields` maps field keys to string values (typed by the definition);
 * `type` repeats the definition's type so handles are unique per type and lists by type need no join.
 */
@Entity({ tableName: 'metaobjects' })
@Unique({ properties: ['shopId', 'type', 'handle'] })
@Index({ properties: ['shopId', 'type', 'id'] })
@Index({ properties: ['definitionId'] })
export class Metaobject extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  definitionId!: number;

  @Property({ length: 255 })
  type!: string;

  @Property({ type: 'text' })
  handle!: string;

  @Property({ type: 'json' })
  fields!: Record<string, string>;
}
