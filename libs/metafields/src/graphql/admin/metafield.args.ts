import { ArgsType, Field, ID, InputType } from '@nestjs/graphql';
import { AdminSchema, ConnectionArgs } from '@platform/graphql-types';

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

/** One metafield of `metafieldsSet`: its owner, namespace and key, and what it holds. */
@InputType('MetafieldsSetInput', { registerIn: () => AdminSchema, description: 'A metafield value to set, on any resource that keeps metafields.' })
export class MetafieldsSetInput {
  @Field(() => ID, { description: 'The resource the metafield belongs to (a product, a customer, the shop …).' })
  ownerId!: string;

  @Field(() => String, { nullable: true, description: "The metafield's namespace (3-255 letters, digits, hyphens and underscores); when omitted, the calling app's reserved namespace." })
  namespace?: string | null;

  @Field({ description: 'The key of the metafield within its namespace (2-64 letters, digits, hyphens and underscores).' })
  key!: string;

  @Field(() => String, { nullable: true, description: 'The type of the value (e.g. `single_line_text_field`, `number_integer`, `json`): required, as no definition gives it.' })
  type?: string | null;

  @Field({ description: 'The value, always a string whatever the type.' })
  value!: string;

  @Field(() => String, {
    nullable: true,
    description: "The metafield's `compareDigest` as it was read: it is set only while it holds that; null: only if it does not exist yet; omitted: whatever it holds.",
  })
  compareDigest?: string | null;
}

/** One metafield of `metafieldsDelete`, by owner, namespace and key. */
@InputType('MetafieldIdentifierInput', { registerIn: () => AdminSchema, description: 'A metafield by the resource it belongs to, its namespace and key.' })
export class MetafieldIdentifierInput {
  @Field(() => ID, { description: 'The resource the metafield belongs to.' })
  ownerId!: string;

  @Field({ description: "The metafield's namespace." })
  namespace!: string;

  @Field({ description: 'The key of the metafield within its namespace.' })
  key!: string;
}

/** The admin schema's one `MetafieldInput`: a metafield written with its owner (`customerCreate`, `productCreate`…). */
@InputType('MetafieldInput', {
  registerIn: () => AdminSchema,
  description: "A metafield set with the object that owns it. Each owner checks it with the metafields' one validation (customers with REST's shorter limits: namespace 20, key 30 characters).",
})
export class AdminMetafieldInput {
  @Field(() => String, { nullable: true })
  namespace?: string | null;

  @Field(() => String, { nullable: true })
  key?: string | null;

  @Field(() => String, { nullable: true })
  value?: string | null;

  @Field(() => String, { nullable: true, description: 'The metafield type (e.g. `single_line_text_field`).' })
  type?: string | null;
}

@InputType('UniqueMetafieldValueInput', { registerIn: () => AdminSchema, description: "A custom id: the value of a resource's `id` metafield." })
export class UniqueMetafieldValueInput {
  @Field(() => String, { nullable: true, description: "The metafield's namespace; when omitted, the calling app's reserved namespace." })
  namespace?: string | null;

  @Field(() => String)
  key!: string;

  @Field(() => String)
  value!: string;
}
