import { Field, ID, InputType, registerEnumType } from '@nestjs/graphql';
import { AdminSchema, enumOf } from '@platform/graphql-types';
import { AdminMetafieldInput } from '@platform/metafields';
import { MoneyScalar } from '@platform/money';

// The hosted inputs of the bulk variant mutations, by their names.

export const STANDALONE_STRATEGIES = ['DEFAULT', 'REMOVE_STANDALONE_VARIANT', 'PRESERVE_STANDALONE_VARIANT'] as const;
export const ProductVariantsBulkCreateStrategy = enumOf(STANDALONE_STRATEGIES);
registerEnumType(ProductVariantsBulkCreateStrategy, {
  registerIn: () => AdminSchema,
  name: 'ProductVariantsBulkCreateStrategy',
  description: "What happens to a product's one existing variant: DEFAULT removes it when it is the default variant, REMOVE_STANDALONE_VARIANT always, PRESERVE_STANDALONE_VARIANT never.",
});

@InputType('VariantOptionValueInput', { registerIn: () => AdminSchema, description: "A variant's value of one option, naming the option by id or name; a new value is added to the option." })
export class VariantOptionValueInput {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => ID, { nullable: true })
  optionId?: string | null;

  @Field(() => String, { nullable: true })
  optionName?: string | null;
}

@InputType('InventoryItemInput', { registerIn: () => AdminSchema, description: "The variant's inventory item." })
export class InventoryItemInput {
  @Field(() => String, { nullable: true })
  sku?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether stock is counted (false for a new variant unless given).' })
  tracked?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  requiresShipping?: boolean | null;

  @Field(() => MoneyScalar, { nullable: true, description: 'What a unit costs the shop; null clears it.' })
  cost?: string | null;
}

@InputType('ProductVariantsBulkInput', { registerIn: () => AdminSchema, description: 'A variant to create, or (with `id`) the fields of one to change.' })
export class ProductVariantsBulkInput {
  @Field(() => ID, { nullable: true, description: 'productVariantsBulkUpdate: the variant to change.' })
  id?: string | null;

  @Field(() => MoneyScalar, { nullable: true, description: '0.00 when absent on create.' })
  price?: string | null;

  @Field(() => MoneyScalar, { nullable: true, description: 'Null clears it.' })
  compareAtPrice?: string | null;

  @Field(() => String, { nullable: true })
  barcode?: string | null;

  @Field(() => Boolean, { nullable: true })
  taxable?: boolean | null;

  @Field(() => [VariantOptionValueInput], { nullable: true, description: 'One value for each option of the product.' })
  optionValues?: VariantOptionValueInput[] | null;

  @Field(() => InventoryItemInput, { nullable: true })
  inventoryItem?: InventoryItemInput | null;

  @Field(() => [AdminMetafieldInput], { nullable: true })
  metafields?: AdminMetafieldInput[] | null;
}
