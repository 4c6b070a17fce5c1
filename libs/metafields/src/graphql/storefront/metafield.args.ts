import { ArgsType, Field, InputType } from '@nestjs/graphql';
import { StorefrontSchema } from '@platform/graphql-types';

/** `metafield(namespace, key)` of a storefront type that has metafields (the hosted platform's HasMetafields). */
@ArgsType()
export class MetafieldArgs {
  @Field(() => String, { description: 'The identifier for the metafield.' })
  key!: string;

  @Field(() => String, { nullable: true, description: "The container the metafield belongs to; the app's reserved namespace when omitted." })
  namespace?: string | null;
}

/** One item of `metafields(identifiers:)`. */
@InputType('HasMetafieldsIdentifier', { registerIn: () => StorefrontSchema, description: 'A metafield of an owner resource, by namespace and key.' })
export class HasMetafieldsIdentifier {
  @Field(() => String, { description: 'The identifier for the metafield.' })
  key!: string;

  @Field(() => String, { nullable: true, description: "The container the metafield belongs to; the app's reserved namespace when omitted." })
  namespace?: string | null;
}
