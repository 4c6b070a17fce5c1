import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType('Shop', { description: 'The shop a buyer is visiting.' })
export class StorefrontShop {
  @Field()
  name!: string;
}
