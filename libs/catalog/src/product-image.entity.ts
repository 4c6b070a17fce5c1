import { BigIntType, type Opt } from '@mikro-orm/core';
import { Check, Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/**
 * An image of a product, in display order: a file the platform keeps (`fileKey`, served at /files/<key>) or, for
 * imported rows, an external absolute `src`. `status` is its media status (READY once its file is kept). A shop's
 * file of no product yet (fileCreate) has neither product nor position.
 */
@Entity({ tableName: 'product_images' })
@Check({ name: 'product_images_status_check', expression: "status in ('UPLOADED', 'PROCESSING', 'READY', 'FAILED')" })
@Check({ name: 'product_images_product_position_check', expression: '(product_id is null) = (position is null)' })
@Index({ properties: ['productId', 'position'] })
export class ProductImage extends TenantEntity {
  @Property({ type: new BigIntType('number'), nullable: true })
  productId?: number | null;

  @Property({ type: 'integer', nullable: true })
  position?: number | null;

  @Property({ type: 'text' })
  src!: string;

  @Property({ type: 'text', nullable: true })
  alt?: string | null;

  @Property({ type: 'integer', nullable: true })
  width?: number | null;

  @Property({ type: 'integer', nullable: true })
  height?: number | null;

  @Property({ type: 'text', nullable: true })
  fileKey?: string | null;

  @Property({ type: 'text', nullable: true })
  mimeType?: string | null;

  @Property({ type: 'text', nullable: true })
  originalSource?: string | null;

  @Property({ type: 'text', default: 'READY' })
  status: Opt<'UPLOADED' | 'PROCESSING' | 'READY' | 'FAILED'> = 'READY';

  @Property({ type: 'json', defaultRaw: "'[]'" })
  mediaErrors: Opt<{ code: string; message: string; details: string | null }[]> = [];

  // Tries of the download of `originalSource` so far: the last one that fails marks the image FAILED.
  @Property({ type: 'integer' })
  downloadAttempts: Opt<number> = 0;
}
