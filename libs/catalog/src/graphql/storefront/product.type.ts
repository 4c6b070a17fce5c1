import { Field, ID, ObjectType } from '@nestjs/graphql';
import { BoundedList, ConnectionType, StorefrontNode, StorefrontSchema } from '@platform/graphql-types';
import { MoneyV2 } from '@platform/money';
import type { ProductRecord, VariantRecord } from '../../catalog.records.js';
import { MAX_VARIANTS } from '../../product-limits.js';

@ObjectType('SelectedOption', { registerIn: () => StorefrontSchema, description: 'An option name and the value a variant has for it.' })
export class SelectedOption {
  @Field()
  name!: string;

  @Field()
  value!: string;
}

@ObjectType('ProductOptionValue', { registerIn: () => StorefrontSchema })
export class StorefrontProductOptionValue {
  @Field(() => ID)
  id!: string;

  @Field()
  name!: string;
}

@ObjectType('ProductOption', { registerIn: () => StorefrontSchema, implements: () => [StorefrontNode], description: 'A product property, such as size or color.' })
export class StorefrontProductOption {
  __typename!: 'ProductOption';

  @Field(() => ID)
  id!: string;

  @Field()
  name!: string;

  @BoundedList({ max: MAX_VARIANTS, withParent: true })
  @Field(() => [String], { deprecationReason: 'Use `optionValues` instead.' })
  values!: string[];

  @BoundedList({ max: MAX_VARIANTS, withParent: true })
  @Field(() => [StorefrontProductOptionValue])
  optionValues!: StorefrontProductOptionValue[];
}

@ObjectType('ProductPriceRange', { registerIn: () => StorefrontSchema, description: 'The lowest and highest variant prices.' })
export class ProductPriceRange {
  @Field(() => MoneyV2)
  minVariantPrice!: MoneyV2;

  @Field(() => MoneyV2)
  maxVariantPrice!: MoneyV2;
}

@ObjectType('ProductVariant', { registerIn: () => StorefrontSchema, implements: () => [StorefrontNode], description: 'A purchasable version of a product.' })
export class StorefrontProductVariant {
  __typename!: 'ProductVariant';

  @Field(() => ID)
  id!: string;

  // title and sku are resolved fields: variant listings read them only when the query asks for them.

  @Field({ description: 'Whether the variant can be bought.' })
  availableForSale!: boolean;

  @Field({ description: 'Whether the variant is out of stock but still sold.' })
  currentlyNotInStock!: boolean;

  @Field({ description: 'Whether the variant needs shipping.' })
  requiresShipping!: boolean;

  record!: VariantRecord;
}

@ObjectType('ProductVariantConnection', { registerIn: () => StorefrontSchema })
export class StorefrontProductVariantConnection extends ConnectionType(StorefrontProductVariant, 'ProductVariant', () => StorefrontSchema) {}

@ObjectType('Product', { registerIn: () => StorefrontSchema, implements: () => [StorefrontNode], description: 'A product for sale.' })
export class StorefrontProduct {
  __typename!: 'Product';

  @Field(() => ID)
  id!: string;

  @Field({ description: 'Unique, human-friendly part of the URL (e.g. `blue-shirt`).' })
  handle!: string;

  // title is a resolved field (translated under @inContext(language:)); so are the fields of the product's
  // detail (descriptionHtml, tags, dates), which listings read only when the query asks for them.
  title!: string;

  @Field()
  vendor!: string;

  @Field()
  productType!: string;

  @Field({ description: 'Whether at least one variant can be bought.' })
  availableForSale!: boolean;

  @Field({ description: 'Whether the product can only be bought with a selling plan.' })
  requiresSellingPlan!: boolean;

  @Field(() => String, { nullable: true })
  onlineStoreUrl!: string | null;

  record!: ProductRecord;
}

@ObjectType('ProductConnection', { registerIn: () => StorefrontSchema })
export class StorefrontProductConnection extends ConnectionType(StorefrontProduct, 'Product', () => StorefrontSchema) {}
