import { BigIntType } from '@mikro-orm/core';
import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/** One of a product's (at most three) options, e.g. Size with values S, M, L. */
@Entity({ tableName: 'product_options' })
@Index({ properties: ['productId', 'position'] })
export class ProductOption extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  productId!: number;

  @Property({ type: 'text' })
  name!: string;

  /** 1-based; a variant's option1..option3 holds its value for the option at that position. */
  @Property({ type: 'integer' })
  position!: number;

  @Property({ type: 'text[]' })
  values!: string[];

  /** The values' ids, in the values' order: the database keeps them (a value keeps its id while its name stays). */
  @Property({ type: 'bigint[]', defaultRaw: "'{}'" })
  valueIds?: string[];
}
