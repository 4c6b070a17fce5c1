import { BigIntType, type Opt } from '@mikro-orm/core';
import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/** A post of a blog; handles are unique within their blog. Shown once `publishedAt` has passed. */
@Entity({ tableName: 'articles' })
@Unique({ properties: ['blogId', 'handle'] })
@Index({ properties: ['shopId', 'id'] })
@Index({ properties: ['blogId', 'id'] })
export class Article extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  blogId!: number;

  @Property({ type: 'text' })
  handle!: string;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  contentHtml: Opt<string> = '';

  @Property({ type: 'text', nullable: true })
  excerptHtml?: string | null;

  @Property({ type: 'text' })
  authorName: Opt<string> = '';

  @Property({ type: 'text[]' })
  tags: Opt<string[]> = [];

  // The cover: an external URL, or a file the platform keeps (the media part's key) with its sides.
  @Property({ type: 'text', nullable: true })
  imageUrl?: string | null;

  @Property({ type: 'text', nullable: true })
  imageFileKey?: string | null;

  @Property({ type: 'integer', nullable: true })
  imageWidth?: number | null;

  @Property({ type: 'integer', nullable: true })
  imageHeight?: number | null;

  @Property({ type: 'text', nullable: true })
  imageAltText?: string | null;

  @Property({ type: 'text', nullable: true })
  seoTitle?: string | null;

  @Property({ type: 'text', nullable: true })
  seoDescription?: string | null;

  @Property({ type: 'datetime', nullable: true })
  publishedAt?: Date | null;
}
