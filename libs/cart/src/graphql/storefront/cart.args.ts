import { ArgsType, Field, ID, InputType, Int } from '@nestjs/graphql';
import { CountryCode } from '@platform/locale';
import { StorefrontSchema } from '@platform/graphql-types';

@InputType('AttributeInput', { registerIn: () => StorefrontSchema })
export class AttributeInput {
  @Field()
  key!: string;

  @Field()
  value!: string;
}

@InputType('CartLineInput', { registerIn: () => StorefrontSchema })
export class CartLineInputType {
  @Field(() => ID, { description: 'The product variant to buy.' })
  merchandiseId!: string;

  @Field(() => Int, { nullable: true, defaultValue: 1 })
  quantity?: number | null;

  @Field(() => [AttributeInput], { nullable: true, description: "The line's attributes: a variant with other attributes gets a line of its own." })
  attributes?: AttributeInput[] | null;
}

@InputType('CartLineUpdateInput', { registerIn: () => StorefrontSchema })
export class CartLineUpdateInputType {
  @Field(() => ID, { description: 'The line to change.' })
  id!: string;

  @Field(() => Int, { nullable: true, description: 'The new quantity; 0 removes the line.' })
  quantity?: number | null;

  @Field(() => ID, { nullable: true, description: 'Another variant for the line.' })
  merchandiseId?: string | null;

  @Field(() => [AttributeInput], { nullable: true, description: "Attributes that replace the line's." })
  attributes?: AttributeInput[] | null;
}

@InputType('CartBuyerIdentityInput', { registerIn: () => StorefrontSchema })
export class CartBuyerIdentityInputType {
  @Field(() => String, { nullable: true })
  email?: string | null;

  @Field(() => String, { nullable: true, description: 'In E.164 format, e.g. `+16135551111`.' })
  phone?: string | null;

  @Field(() => CountryCode, { nullable: true, description: "The buyer's country: the cart's market, currency and prices." })
  countryCode?: string | null;

  @Field(() => String, { nullable: true, description: 'The access token of the customer who buys.' })
  customerAccessToken?: string | null;
}

@InputType('CartInput', { registerIn: () => StorefrontSchema })
export class CartInputType {
  @Field(() => [CartLineInputType], { nullable: true })
  lines?: CartLineInputType[] | null;

  @Field(() => [String], { nullable: true })
  discountCodes?: string[] | null;

  @Field(() => String, { nullable: true })
  note?: string | null;

  @Field(() => [AttributeInput], { nullable: true })
  attributes?: AttributeInput[] | null;

  @Field(() => CartBuyerIdentityInputType, { nullable: true })
  buyerIdentity?: CartBuyerIdentityInputType | null;
}

@ArgsType()
export class CartArgs {
  @Field(() => ID)
  id!: string;
}

@ArgsType()
export class CartLineAttributeArgs {
  @Field()
  key!: string;
}

@ArgsType()
export class CartCreateArgs {
  @Field(() => CartInputType, { nullable: true, defaultValue: {} })
  input?: CartInputType | null;
}

@ArgsType()
export class CartLinesAddArgs {
  @Field(() => ID)
  cartId!: string;

  @Field(() => [CartLineInputType])
  lines!: CartLineInputType[];
}

@ArgsType()
export class CartLinesUpdateArgs {
  @Field(() => ID)
  cartId!: string;

  @Field(() => [CartLineUpdateInputType])
  lines!: CartLineUpdateInputType[];
}

@ArgsType()
export class CartLinesRemoveArgs {
  @Field(() => ID)
  cartId!: string;

  @Field(() => [ID])
  lineIds!: string[];
}

@ArgsType()
export class CartBuyerIdentityUpdateArgs {
  @Field(() => ID)
  cartId!: string;

  @Field(() => CartBuyerIdentityInputType)
  buyerIdentity!: CartBuyerIdentityInputType;
}

@ArgsType()
export class CartNoteUpdateArgs {
  @Field(() => ID)
  cartId!: string;

  @Field(() => String, { nullable: true })
  note?: string | null;
}

@ArgsType()
export class CartAttributesUpdateArgs {
  @Field(() => ID)
  cartId!: string;

  @Field(() => [AttributeInput])
  attributes!: AttributeInput[];
}

@ArgsType()
export class CartDiscountCodesUpdateArgs {
  @Field(() => ID)
  cartId!: string;

  @Field(() => [String], { nullable: true, defaultValue: [] })
  discountCodes?: string[] | null;
}
