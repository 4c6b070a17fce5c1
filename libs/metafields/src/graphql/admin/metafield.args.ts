import { ArgsType, Field } from '@nestjs/graphql';
import { ConnectionArgs } from '@platform/graphql-types';

/** `metafields(…)` of an admin type that has metafields (the hosted platform's HasMetafields). */
@ArgsType()
export class AdminMetafieldsArgs extends ConnectionArgs {
  @Field(() => String, { nullable: true, description: 'Only the metafields of this namespace.' })
  namespace?: string | null;

  @Field(() => [String], { nullable: true, description: 'Only these metafields, each as `namespace.key`.' })
  keys?: string[] | null;
}

/** `metafield(namespace, key)` of an admin type that has metafields. */
@ArgsType()
export class AdminMetafieldArgs {
  @Field(() => String, { nullable: true, description: "The metafield's namespace; when omitted, the calling app's reserved namespace." })
  namespace?: string | null;

  @Field({ description: 'The key of the metafield within its namespace.' })
  key!: string;
}
