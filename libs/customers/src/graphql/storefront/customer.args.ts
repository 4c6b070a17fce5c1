import { ArgsType, Field, InputType } from '@nestjs/graphql';
import { StorefrontSchema } from '@platform/graphql-types';

@InputType('CustomerAccessTokenCreateInput', { registerIn: () => StorefrontSchema })
export class CustomerAccessTokenCreateInput {
  @Field()
  email!: string;

  @Field()
  password!: string;
}

@InputType('CustomerCreateInput', { registerIn: () => StorefrontSchema })
export class CustomerCreateInput {
  @Field(() => String, { nullable: true })
  firstName?: string | null;

  @Field(() => String, { nullable: true })
  lastName?: string | null;

  @Field()
  email!: string;

  @Field(() => String, { nullable: true, description: 'In E.164 format, e.g. `+16135551111`.' })
  phone?: string | null;

  @Field({ description: '5 to 40 characters.' })
  password!: string;

  @Field(() => Boolean, { nullable: true, description: 'Whether the customer agrees to receive marketing email.' })
  acceptsMarketing?: boolean | null;
}

@InputType('CustomerUpdateInput', { registerIn: () => StorefrontSchema })
export class CustomerUpdateInput {
  @Field(() => String, { nullable: true })
  firstName?: string | null;

  @Field(() => String, { nullable: true })
  lastName?: string | null;

  @Field(() => String, { nullable: true })
  email?: string | null;

  @Field(() => String, { nullable: true, description: 'In E.164 format; null removes it.' })
  phone?: string | null;

  @Field(() => String, { nullable: true, description: 'A new password revokes every access token and returns a new one.' })
  password?: string | null;

  @Field(() => Boolean, { nullable: true })
  acceptsMarketing?: boolean | null;
}

@ArgsType()
export class MailingAddressFormattedArgs {
  @Field(() => Boolean, { defaultValue: false, description: "Whether to include the customer's name." })
  withName!: boolean;

  @Field(() => Boolean, { defaultValue: true, description: "Whether to include the customer's company." })
  withCompany!: boolean;
}
