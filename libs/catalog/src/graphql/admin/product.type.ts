import { Field, GraphQLISODateTime, ID, Int, InterfaceType, ObjectType, registerEnumType } from '@nestjs/graphql';
import { AdminNode, AdminSchema, BoundedList, ConnectionType, HtmlScalar, UnsignedInt64Scalar, enumOf } from '@platform/graphql-types';
import { MAX_TAGS } from '@platform/errors';
import { MoneyV2 } from '@platform/money';
import type { AdminProductRecord } from '../../admin/product-admin.records.js';
import { MAX_VARIANTS } from '../../product-limits.js';

// The hosted admin schema's product, by its names; the presenter maps the domain's lowercase values onto them.

export const PRODUCT_STATUS_VALUES = ['ACTIVE', 'ARCHIVED', 'DRAFT', 'UNLISTED'] as const;
export const ProductStatus = enumOf(PRODUCT_STATUS_VALUES);
registerEnumType(ProductStatus, {
  registerIn: () => AdminSchema,
  name: 'ProductStatus',
  description: 'Whether the product can be sold (ACTIVE), is being prepared (DRAFT), is retired (ARCHIVED), or is sold by link, handle or id only (UNLISTED, from 2025-10; older versions read it as ACTIVE).',
});

@InterfaceType('Publishable', { registerIn: () => AdminSchema, resolveType: (value: { __typename: string }) => value.__typename, description: 'An object that can be published on the online store.' })
export abstract class AdminPublishable {
  @Field(() => Boolean, { description: 'Whether it is published on the online store now.' })
  publishedOnCurrentPublication!: boolean;
}

@ObjectType('SEO', { registerIn: () => AdminSchema, description: 'The title and description search engines show.' })
export class AdminSeo {
  @Field(() => String, { nullable: true })
  title!: string | null;

  @Field(() => String, { nullable: true })
  description!: string | null;
}

@ObjectType('ProductPriceRangeV2', { registerIn: () => AdminSchema, description: "The lowest and highest prices of a product's variants." })
export class AdminProductPriceRange {
  @Field(() => MoneyV2)
  minVariantPrice!: MoneyV2;

  @Field(() => MoneyV2)
  maxVariantPrice!: MoneyV2;
}

@ObjectType('Product', { registerIn: () => AdminSchema, implements: () => [AdminNode, AdminPublishable], description: 'A product of the shop, in any status, as the merchant sees it.' })
export class AdminProduct {
  __typename!: 'Product';

  @Field(() => ID)
  id!: string;

  @Field(() => UnsignedInt64Scalar, { description: 'The id of the product in the REST API.' })
  legacyResourceId!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String, { description: 'Unique per shop; the storefront finds the product by it.' })
  handle!: string;

  @Field(() => HtmlScalar, { description: 'The description, as HTML.' })
  descriptionHtml!: string;

  @Field(() => String, { description: 'The description without its HTML.' })
  description!: string;

  @Field(() => String)
  vendor!: string;

  @Field(() => String)
  productType!: string;

  @Field(() => ProductStatus)
  status!: string;

  @BoundedList({ max: MAX_TAGS })
  @Field(() => [String], { description: 'Its tags, as entered.' })
  tags!: string[];

  @Field(() => Int, { description: "The sum of its variants' inventory quantities." })
  totalInventory!: number;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When it was published to the online store; null while unpublished.' })
  publishedAt!: Date | null;

  @Field(() => AdminSeo, { description: 'Its own search-engine title and description; null ones fall back to the title and description.' })
  seo!: AdminSeo;

  @Field(() => Boolean)
  publishedOnCurrentPublication!: boolean;

  record!: AdminProductRecord;
}

@ObjectType('ProductConnection', { registerIn: () => AdminSchema })
export class AdminProductConnection extends ConnectionType(AdminProduct, 'Product', () => AdminSchema) {}

@ObjectType('ProductOptionValue', { registerIn: () => AdminSchema, description: 'A value of a product option.' })
export class AdminProductOptionValue {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => Boolean, { description: 'Whether a variant of the product has it.' })
  hasVariants!: boolean;
}

@ObjectType('ProductOption', { registerIn: () => AdminSchema, implements: () => [AdminNode], description: "One of a product's options (at most three), e.g. Size." })
export class AdminProductOption {
  __typename!: 'ProductOption';

  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => Int, { description: 'Its place among the options, from 1.' })
  position!: number;

  @BoundedList({ max: MAX_VARIANTS, withParent: true })
  @Field(() => [String], { deprecationReason: 'Use `optionValues` instead.' })
  values!: string[];

  @BoundedList({ max: MAX_VARIANTS, withParent: true })
  @Field(() => [AdminProductOptionValue], { description: 'Its values, in order.' })
  optionValues!: AdminProductOptionValue[];
}
