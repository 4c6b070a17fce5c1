import { Field, ID, InputType, registerEnumType } from '@nestjs/graphql';
import { AdminSchema, HtmlScalar, UnsignedInt64Scalar, enumOf } from '@platform/graphql-types';
import { AdminMetafieldInput } from '@platform/metafields';

// The hosted collection inputs, by their names. A rule set (a smart collection) is read and refused.

export const CollectionRuleColumn = enumOf([
  'IS_PRICE_REDUCED', 'PRODUCT_CATEGORY_ID', 'PRODUCT_METAFIELD_DEFINITION', 'PRODUCT_TAXONOMY_NODE_ID', 'TAG', 'TITLE', 'TYPE',
  'VARIANT_COMPARE_AT_PRICE', 'VARIANT_INVENTORY', 'VARIANT_METAFIELD_DEFINITION', 'VARIANT_PRICE', 'VARIANT_TITLE', 'VARIANT_WEIGHT', 'VENDOR',
] as const);
registerEnumType(CollectionRuleColumn, { registerIn: () => AdminSchema, name: 'CollectionRuleColumn' });
export const CollectionRuleRelation = enumOf([
  'CONTAINS', 'ENDS_WITH', 'EQUALS', 'GREATER_THAN', 'IS_NOT_SET', 'IS_SET', 'LESS_THAN', 'NOT_CONTAINS', 'NOT_EQUALS', 'STARTS_WITH',
] as const);
registerEnumType(CollectionRuleRelation, { registerIn: () => AdminSchema, name: 'CollectionRuleRelation' });

@InputType('CollectionRuleInput', { registerIn: () => AdminSchema })
export class CollectionRuleInput {
  @Field(() => CollectionRuleColumn)
  column!: string;

  @Field(() => CollectionRuleRelation)
  relation!: string;

  @Field(() => String)
  condition!: string;
}

@InputType('CollectionRuleSetInput', { registerIn: () => AdminSchema })
export class CollectionRuleSetInput {
  @Field(() => Boolean)
  appliedDisjunctively!: boolean;

  @Field(() => [CollectionRuleInput], { nullable: true })
  rules?: CollectionRuleInput[] | null;
}

@InputType('CollectionInput', { registerIn: () => AdminSchema, description: 'A collection to create, or (with `id`) the fields of one to change.' })
export class CollectionInput {
  @Field(() => ID, { nullable: true, description: 'collectionUpdate: the collection to change.' })
  id?: string | null;

  @Field(() => String, { nullable: true })
  title?: string | null;

  @Field(() => String, { nullable: true, description: 'Unique per shop; made from the title (with -1, -2… when taken) when absent.' })
  handle?: string | null;

  @Field(() => HtmlScalar, { nullable: true })
  descriptionHtml?: string | null;

  @Field(() => [ID], { nullable: true, description: 'collectionCreate: its products, in order (a manual collection).' })
  products?: string[] | null;

  @Field(() => CollectionRuleSetInput, { nullable: true, description: "A smart collection's rules: not supported yet, refused (docs/decisions.md)." })
  ruleSet?: CollectionRuleSetInput | null;

  @Field(() => [AdminMetafieldInput], { nullable: true })
  metafields?: AdminMetafieldInput[] | null;
}

@InputType('CollectionDeleteInput', { registerIn: () => AdminSchema })
export class CollectionDeleteInput {
  @Field(() => ID)
  id!: string;
}

@InputType('MoveInput', { registerIn: () => AdminSchema, description: 'Takes a resource to a new place.' })
export class MoveInput {
  @Field(() => ID)
  id!: string;

  @Field(() => UnsignedInt64Scalar, { description: '0-based; past the end is the end.' })
  newPosition!: string;
}
