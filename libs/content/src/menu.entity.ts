import { Entity, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/** A navigation menu (e.g. `main-menu`); its items are MenuItem rows. */
@Entity({ tableName: 'menus' })
@Unique({ properties: ['shopId', 'handle'] })
export class Menu extends TenantEntity {
  @Property({ type: 'text' })
  handle!: string;

  @Property({ type: 'text' })
  title!: string;
}
