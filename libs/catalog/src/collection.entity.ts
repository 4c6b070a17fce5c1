import type { Opt } from '@mikro-orm/core';
import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/** A hand-picked group of products; membership and order are CollectionProduct rows. */
@Entity({ tableName: 'collections' })
@Unique({ properties: ['shopId', 'handle'] })
@Index({ properties: ['shopId', 'id'] })
export class Collection extends TenantEntity {
  @Property({ type: 'text' })
  handle!: string;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  descriptionHtml: Opt<string> = '';
}
