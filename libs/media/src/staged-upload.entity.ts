import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/** A staged upload's file (its target's key), kept a day: the daily sweep deletes it and its bytes. */
@Entity({ tableName: 'staged_uploads' })
@Index({ properties: ['shopId', 'createdAt'] })
export class StagedUpload extends TenantEntity {
  @Property({ type: 'text' })
  fileKey!: string;
}
