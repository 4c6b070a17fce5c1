import { BigIntType } from '@mikro-orm/core';
import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/** A product offered with a selling plan group (the product is the catalog's, held by plain id). */
@Entity({ tableName: 'selling_plan_group_products' })
@Unique({ properties: ['groupId', 'productId'] })
@Index({ properties: ['productId'] })
export class SellingPlanGroupProduct extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  groupId!: number;

  @Property({ type: new BigIntType('number') })
  productId!: number;
}
