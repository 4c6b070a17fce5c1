import { Field, ObjectType } from '@nestjs/graphql';

/**
 * The hosted `Attribute` of both schemas (cart and cart line attributes on the storefront, a line item's
 * `customAttributes` on both): one class, no `registerIn`, so each schema that returns it has it.
 */
@ObjectType('Attribute', { description: 'A key and value the buyer attached.' })
export class Attribute {
  @Field()
  key!: string;

  @Field(() => String, { nullable: true })
  value!: string | null;
}
