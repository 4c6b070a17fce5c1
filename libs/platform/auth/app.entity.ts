import { Entity, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '@platform/database';

/** An app (integration) that can be installed on shops. */
@Entity({ tableName: 'apps' })
export class App extends BaseEntity {
  @Property()
  name!: string;
}
