import { BigIntType } from '@mikro-orm/core';
import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/** A product's place in a collection. */
@Entity({ tableName: 'collection_products' })
@Unique({ properties: ['collectionId', 'productId'] })
@Index({ properties: ['collectionId', 'position'] })
@Index({ properties: ['productId'] })
export class CollectionProduct extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  collectionId!: number;

  @Property({ type: new BigIntType('number') })
  productId!: number;

  @Property({ type: 'integer' })
  position!: number;
}
