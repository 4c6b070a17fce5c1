import type { Opt } from '@mikro-orm/core';
import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/** A static page of the online store (About, Shipping, Contact…); shown once `publishedAt` has passed. */
@Entity({ tableName: 'pages' })
@Unique({ properties: ['shopId', 'handle'] })
@Index({ properties: ['shopId', 'id'] })
export class Page extends TenantEntity {
  @Property({ type: 'text' })
  handle!: string;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  bodyHtml: Opt<string> = '';

  // Plain-text summary of the body (the storefront's bodySummary), kept at write time.
  @Property({ type: 'text' })
  bodySummary: Opt<string> = '';

  @Property({ type: 'text', nullable: true })
  seoTitle?: string | null;

  @Property({ type: 'text', nullable: true })
  seoDescription?: string | null;

  @Property({ type: 'datetime', nullable: true })
  publishedAt?: Date | null;
}
