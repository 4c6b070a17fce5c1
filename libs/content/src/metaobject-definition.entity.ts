import { Entity, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/** One field of a metaobject definition; `type` is a metafield type (single_line_text_field, url…). */
export interface MetaobjectFieldDefinition {
  key: string;
  name: string;
  type: string;
  required: boolean;
  description: string | null;
}

/** The shape of a kind of metaobject (e.g. `designer` with name, bio and website); `type` is unique per shop. */
@Entity({ tableName: 'metaobject_definitions' })
@Unique({ properties: ['shopId', 'type'] })
export class MetaobjectDefinition extends TenantEntity {
  @Property({ length: 255 })
  type!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description?: string | null;

  /** In display order. */
  @Property({ type: 'json' })
  fieldDefinitions!: MetaobjectFieldDefinition[];
}
