import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/** A blog of the online store; its articles point at it by blog_id. */
@Entity({ tableName: 'blogs' })
@Unique({ properties: ['shopId', 'handle'] })
@Index({ properties: ['shopId', 'id'] })
export class Blog extends TenantEntity {
  @Property({ type: 'text' })
  handle!: string;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text', nullable: true })
  seoTitle?: string | null;

  @Property({ type: 'text', nullable: true })
  seoDescription?: string | null;
}
