import { Field, ObjectType } from '@nestjs/graphql';
import { StorefrontSchema } from '@platform/graphql';

@ObjectType('Shop', { registerIn: () => StorefrontSchema, description: 'The shop a buyer is visiting.' })
export class StorefrontShop {
  @Field()
  name!: string;
}
