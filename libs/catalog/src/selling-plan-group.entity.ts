import { Entity, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/** An option of a selling plan group and the values its plans use, in plan order (e.g. Delivery every: 1 week, 2 weeks). */
export interface SellingPlanGroupOption {
  name: string;
  values: string[];
}

/** A set of selling plans offered together on products (e.g. "Subscribe and save"). */
@Entity({ tableName: 'selling_plan_groups' })
export class SellingPlanGroup extends TenantEntity {
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  appName?: string | null;

  @Property({ type: 'json' })
  options!: SellingPlanGroupOption[];
}
