import { Field, ID, ObjectType } from '@nestjs/graphql';
import { AdminSchema } from '@platform/graphql-types';

@ObjectType('Shop', { registerIn: () => AdminSchema, description: 'The shop the app is installed on.' })
export class AdminShop {
  @Field(() => ID)
  id!: string;

  @Field()
  name!: string;

  @Field({ description: 'ISO 4217 code of the shop currency.' })
  currencyCode!: string;

  @Field({ description: 'The `<handle>.<platform domain>` domain of the shop.' })
  myplatformDomain!: string;
}
