import { Field, GraphQLISODateTime, ID, ObjectType } from '@nestjs/graphql';
import { StorefrontNode, StorefrontSchema } from '@platform/graphql-types';
import { RequiresToken } from '@platform/request';

/**
 * The storefront `Metafield`: custom data on a resource, by namespace and key. Other contexts reuse it. Metafields are
 * a "token required" area of the access table: declared here once, so every field that returns one (a page's, a
 * product's, the shop's …) refuses a tokenless caller, whichever resolver serves it.
 */
@RequiresToken()
@ObjectType('Metafield', { registerIn: () => StorefrontSchema, implements: () => [StorefrontNode], description: 'Custom data attached to a resource.' })
export class StorefrontMetafield {
  __typename!: 'Metafield';

  @Field(() => ID)
  id!: string;

  @Field({ description: 'The container for a group of metafields.' })
  namespace!: string;

  @Field({ description: 'The identifier of the metafield within its namespace.' })
  key!: string;

  @Field({ description: 'The type of the value (e.g. `single_line_text_field`, `metaobject_reference`).' })
  type!: string;

  @Field({ description: 'The value, always a string whatever the type.' })
  value!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;
}
