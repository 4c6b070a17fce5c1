import { Field, GraphQLISODateTime, ID, InputType, Int } from '@nestjs/graphql';
import { AdminSchema, HtmlScalar } from '@platform/graphql-types';
import { AdminMetafieldInput } from '@platform/metafields';
import { ProductStatus } from './product.type.js';

// The hosted admin schema's product inputs, by their names. The pipeline has already refused lists over 250
// items and text with NUL bytes; the catalog's rules check the rest.

@InputType('SEOInput', { registerIn: () => AdminSchema, description: 'The search-engine title and description; empty or null falls back to the title and description.' })
export class SeoInput {
  @Field(() => String, { nullable: true })
  title?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;
}

@InputType('OptionValueCreateInput', { registerIn: () => AdminSchema })
export class OptionValueCreateInput {
  @Field(() => String, { nullable: true })
  name?: string | null;
}

@InputType('OptionCreateInput', { registerIn: () => AdminSchema, description: 'An option of a new product and its values.' })
export class OptionCreateInput {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => Int, { nullable: true, description: '1-based; options without one follow in the order given.' })
  position?: number | null;

  @Field(() => [OptionValueCreateInput], { nullable: true })
  values?: OptionValueCreateInput[] | null;
}

@InputType('OptionUpdateInput', { registerIn: () => AdminSchema, description: 'The option productOptionUpdate changes: its new name or position, when given.' })
export class OptionUpdateInput {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => Int, { nullable: true, description: '1-based; the other options close up around it.' })
  position?: number | null;
}

@InputType('OptionValueUpdateInput', { registerIn: () => AdminSchema, description: "An option value productOptionUpdate renames; it keeps its id, and its variants follow." })
export class OptionValueUpdateInput {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  name?: string | null;
}

/** The fields productCreate and productUpdate share. */
@InputType({ isAbstract: true })
class ProductFieldsInput {
  @Field(() => String, { nullable: true })
  title?: string | null;

  @Field(() => String, { nullable: true, description: 'Unique per shop; made from the title (with -1, -2… when taken) when absent.' })
  handle?: string | null;

  @Field(() => HtmlScalar, { nullable: true })
  descriptionHtml?: string | null;

  @Field(() => String, { nullable: true })
  vendor?: string | null;

  @Field(() => String, { nullable: true })
  productType?: string | null;

  @Field(() => ProductStatus, { nullable: true, description: 'ACTIVE when absent on create. UNLISTED from 2025-10.' })
  status?: string | null;

  @Field(() => [String], { nullable: true, description: 'Replaces the tags (split on commas, one of each).' })
  tags?: string[] | null;

  @Field(() => SeoInput, { nullable: true })
  seo?: SeoInput | null;

  @Field(() => [AdminMetafieldInput], { nullable: true, description: 'Set by namespace and key; others are kept.' })
  metafields?: AdminMetafieldInput[] | null;

  @Field(() => [ID], { nullable: true, description: 'Manual collections the product joins, after their products.' })
  collectionsToJoin?: string[] | null;
}

@InputType('ProductCreateInput', { registerIn: () => AdminSchema, description: 'A product to create: a title at least.' })
export class ProductCreateInput extends ProductFieldsInput {
  @Field(() => [OptionCreateInput], { nullable: true, description: 'At most three; the product gets one variant, of each option\'s first value.' })
  productOptions?: OptionCreateInput[] | null;
}

@InputType('ProductUpdateInput', { registerIn: () => AdminSchema, description: 'The fields of the product `id` to change.' })
export class ProductUpdateInput extends ProductFieldsInput {
  @Field(() => ID, { nullable: true })
  id?: string | null;

  @Field(() => [ID], { nullable: true, description: 'Collections the product leaves.' })
  collectionsToLeave?: string[] | null;
}

@InputType('ProductDeleteInput', { registerIn: () => AdminSchema })
export class ProductDeleteInput {
  @Field(() => ID)
  id!: string;
}

@InputType('PublicationInput', { registerIn: () => AdminSchema, description: 'A publication to publish on, and from when.' })
export class PublicationInput {
  @Field(() => ID, { nullable: true, description: "The online store's publication (the shop's only one)." })
  publicationId?: string | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Published from then (now when absent).' })
  publishDate?: Date | null;
}
