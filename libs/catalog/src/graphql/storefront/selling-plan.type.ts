import { Field, ID, Int, ObjectType, createUnionType } from '@nestjs/graphql';
import { BoundedList, ConnectionType, StorefrontSchema } from '@platform/graphql-types';
import { MoneyV2 } from '@platform/money';
import { MAX_GROUP_OPTIONS, MAX_PRICE_ADJUSTMENTS, MAX_SELLING_PLANS } from '../../selling-plan.rules.js';

@ObjectType('SellingPlanOption', { registerIn: () => StorefrontSchema })
export class StorefrontSellingPlanOption {
  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field(() => String, { nullable: true })
  value!: string | null;
}

@ObjectType('SellingPlanGroupOption', { registerIn: () => StorefrontSchema })
export class StorefrontSellingPlanGroupOption {
  @Field()
  name!: string;

  @BoundedList({ max: MAX_SELLING_PLANS, withParent: true })
  @Field(() => [String])
  values!: string[];
}

@ObjectType('SellingPlanPercentagePriceAdjustment', { registerIn: () => StorefrontSchema })
export class SellingPlanPercentagePriceAdjustment {
  __typename!: 'SellingPlanPercentagePriceAdjustment';

  @Field(() => Int)
  adjustmentPercentage!: number;
}

@ObjectType('SellingPlanFixedAmountPriceAdjustment', { registerIn: () => StorefrontSchema })
export class SellingPlanFixedAmountPriceAdjustment {
  __typename!: 'SellingPlanFixedAmountPriceAdjustment';

  @Field(() => MoneyV2)
  adjustmentAmount!: MoneyV2;
}

@ObjectType('SellingPlanFixedPriceAdjustment', { registerIn: () => StorefrontSchema })
export class SellingPlanFixedPriceAdjustment {
  __typename!: 'SellingPlanFixedPriceAdjustment';

  @Field(() => MoneyV2)
  price!: MoneyV2;
}

export const SellingPlanPriceAdjustmentValue = createUnionType({
  name: 'SellingPlanPriceAdjustmentValue',
  types: () => [SellingPlanPercentagePriceAdjustment, SellingPlanFixedAmountPriceAdjustment, SellingPlanFixedPriceAdjustment] as const,
  resolveType: (value: { __typename: string }) => value.__typename,
});

@ObjectType('SellingPlanPriceAdjustment', { registerIn: () => StorefrontSchema })
export class StorefrontSellingPlanPriceAdjustment {
  @Field(() => Int, { nullable: true, description: 'Orders this adjustment applies to; null: every order.' })
  orderCount!: number | null;

  @Field(() => SellingPlanPriceAdjustmentValue)
  adjustmentValue!: SellingPlanPercentagePriceAdjustment | SellingPlanFixedAmountPriceAdjustment | SellingPlanFixedPriceAdjustment;
}

@ObjectType('SellingPlan', { registerIn: () => StorefrontSchema, description: 'How a product can be sold and delivered over time.' })
export class StorefrontSellingPlan {
  @Field(() => ID)
  id!: string;

  @Field()
  name!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field({ description: 'Whether purchases on this plan deliver more than once.' })
  recurringDeliveries!: boolean;

  @BoundedList({ max: MAX_GROUP_OPTIONS, withParent: true })
  @Field(() => [StorefrontSellingPlanOption])
  options!: StorefrontSellingPlanOption[];

  @BoundedList({ max: MAX_PRICE_ADJUSTMENTS, withParent: true })
  @Field(() => [StorefrontSellingPlanPriceAdjustment])
  priceAdjustments!: StorefrontSellingPlanPriceAdjustment[];
}

@ObjectType('SellingPlanConnection', { registerIn: () => StorefrontSchema })
export class StorefrontSellingPlanConnection extends ConnectionType(StorefrontSellingPlan, 'SellingPlan', () => StorefrontSchema) {}

@ObjectType('SellingPlanGroup', { registerIn: () => StorefrontSchema, description: 'Selling plans offered together on a product.' })
export class StorefrontSellingPlanGroup {
  @Field()
  name!: string;

  @Field(() => String, { nullable: true })
  appName!: string | null;

  @BoundedList({ max: MAX_GROUP_OPTIONS, withParent: true })
  @Field(() => [StorefrontSellingPlanGroupOption])
  options!: StorefrontSellingPlanGroupOption[];

  /** All plans of the group; the `sellingPlans` connection pages them. */
  plans!: StorefrontSellingPlan[];
}

@ObjectType('SellingPlanGroupConnection', { registerIn: () => StorefrontSchema })
export class StorefrontSellingPlanGroupConnection extends ConnectionType(StorefrontSellingPlanGroup, 'SellingPlanGroup', () => StorefrontSchema) {}
