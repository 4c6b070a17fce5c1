import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { AdminNode, AdminSchema, ConnectionType, UnsignedInt64Scalar } from '@platform/graphql-types';
import { MoneyScalar } from '@platform/money';
import type { VariantDetail, VariantRecord } from '../../catalog.records.js';

@ObjectType('SelectedOption', { registerIn: () => AdminSchema, description: 'An option name and the value a variant has for it.' })
export class AdminSelectedOption {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  value!: string;
}

@ObjectType('ProductVariant', { registerIn: () => AdminSchema, implements: () => [AdminNode], description: 'A purchasable version of a product, as the merchant sees it.' })
export class AdminProductVariant {
  __typename!: 'ProductVariant';

  @Field(() => ID)
  id!: string;

  @Field(() => UnsignedInt64Scalar, { description: 'The id of the variant in the REST API.' })
  legacyResourceId!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String, { nullable: true })
  sku!: string | null;

  @Field(() => MoneyScalar, { description: "The price, in the shop's currency." })
  price!: string;

  @Field(() => MoneyScalar, { nullable: true, description: 'The price before a sale; null when not on sale.' })
  compareAtPrice!: string | null;

  @Field(() => Int, { description: 'Its place among the product\'s variants, from 1.' })
  position!: number;

  @Field(() => Int, { nullable: true, description: 'Units in stock.' })
  inventoryQuantity!: number | null;

  @Field(() => Boolean)
  availableForSale!: boolean;

  record!: VariantRecord & VariantDetail;
}

@ObjectType('ProductVariantConnection', { registerIn: () => AdminSchema })
export class AdminProductVariantConnection extends ConnectionType(AdminProductVariant, 'ProductVariant', () => AdminSchema) {}
