import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { CatalogIdentifierFields } from './identifier.js';
import { FileSetInput } from './media-mutations.args.js';
import { AdminSchema, HtmlScalar } from '@platform/graphql-types';
import { AdminMetafieldInput } from '@platform/metafields';
import { MoneyScalar } from '@platform/money';
import { SeoInput } from './product-mutations.args.js';
import { InventoryItemInput, VariantOptionValueInput } from './variant-mutations.args.js';
import { ProductStatus } from './product.type.js';

// productSet's inputs, by the hosted names: the product's fields and its whole lists.

@InputType('ProductSetIdentifiers', { registerIn: () => AdminSchema, description: 'The product to set: by id (it must exist), handle or custom id (made with it when absent).' })
export class ProductSetIdentifiers extends CatalogIdentifierFields {}

@InputType('OptionValueSetInput', { registerIn: () => AdminSchema })
export class OptionValueSetInput {
  @Field(() => String, { nullable: true })
  name?: string | null;
}

@InputType('OptionSetInput', { registerIn: () => AdminSchema, description: 'An option the product ends with, and its values.' })
export class OptionSetInput {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => Int, { nullable: true })
  position?: number | null;

  @Field(() => [OptionValueSetInput], { nullable: true })
  values?: OptionValueSetInput[] | null;
}

@InputType('ProductVariantSetInput', { registerIn: () => AdminSchema, description: 'A variant the product ends with: with `id` (or values an existing variant has) it is updated, else made.' })
export class ProductVariantSetInput {
  @Field(() => ID, { nullable: true })
  id?: string | null;

  @Field(() => [VariantOptionValueInput], { nullable: true })
  optionValues?: VariantOptionValueInput[] | null;

  @Field(() => MoneyScalar, { nullable: true })
  price?: string | null;

  @Field(() => MoneyScalar, { nullable: true })
  compareAtPrice?: string | null;

  @Field(() => String, { nullable: true })
  barcode?: string | null;

  @Field(() => Boolean, { nullable: true })
  taxable?: boolean | null;

  @Field(() => InventoryItemInput, { nullable: true })
  inventoryItem?: InventoryItemInput | null;

  @Field(() => [AdminMetafieldInput], { nullable: true })
  metafields?: AdminMetafieldInput[] | null;
}

@InputType('ProductSetInput', { registerIn: () => AdminSchema, description: "The product's fields, and its whole lists: options, variants, collections and metafields left out are deleted." })
export class ProductSetInput {
  @Field(() => ID, { nullable: true, deprecationReason: 'Use the identifier argument.' })
  id?: string | null;

  @Field(() => String, { nullable: true })
  title?: string | null;

  @Field(() => String, { nullable: true })
  handle?: string | null;

  @Field(() => HtmlScalar, { nullable: true })
  descriptionHtml?: string | null;

  @Field(() => String, { nullable: true })
  vendor?: string | null;

  @Field(() => String, { nullable: true })
  productType?: string | null;

  @Field(() => ProductStatus, { nullable: true })
  status?: string | null;

  @Field(() => [String], { nullable: true })
  tags?: string[] | null;

  @Field(() => SeoInput, { nullable: true })
  seo?: SeoInput | null;

  @Field(() => [OptionSetInput], { nullable: true })
  productOptions?: OptionSetInput[] | null;

  @Field(() => [ProductVariantSetInput], { nullable: true })
  variants?: ProductVariantSetInput[] | null;

  @Field(() => [ID], { nullable: true })
  collections?: string[] | null;

  @Field(() => [AdminMetafieldInput], { nullable: true })
  metafields?: AdminMetafieldInput[] | null;

  @Field(() => [FileSetInput], { nullable: true, description: "The product's media in order: those left out are deleted." })
  files?: FileSetInput[] | null;
}
