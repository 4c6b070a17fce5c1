import { Field, GraphQLISODateTime, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { AdminNode, AdminSchema, ConnectionType, enumOf } from '@platform/graphql-types';
import { METAFIELD_OWNER_TYPES, type MetafieldOwnerType } from '../../metafield.entity.js';
import { JsonScalar } from './json.scalar.js';

export const AdminMetafieldOwnerType = enumOf(METAFIELD_OWNER_TYPES);
registerEnumType(AdminMetafieldOwnerType, { registerIn: () => AdminSchema, name: 'MetafieldOwnerType', description: 'The kind of resource a metafield belongs to.' });

/** The admin `Metafield`: custom data on a resource, by namespace and key. Owner contexts' fields return it. */
@ObjectType('Metafield', { registerIn: () => AdminSchema, implements: () => [AdminNode], description: 'Custom data attached to a resource.' })
export class AdminMetafield {
  __typename!: 'Metafield';

  @Field(() => ID)
  id!: string;

  @Field({ description: 'The container for a group of metafields.' })
  namespace!: string;

  @Field({ description: 'The identifier of the metafield within its namespace.' })
  key!: string;

  @Field({ description: 'The type of the value (e.g. `single_line_text_field`, `number_integer`, `json`).' })
  type!: string;

  @Field({ description: 'The value, always a string whatever the type.' })
  value!: string;

  @Field(() => JsonScalar, {
    nullable: true,
    description: 'The value as JSON: numbers for `number_integer`, booleans for `boolean`, objects and arrays for `json`, measurements, ratings, money, links and `list.` types; a string otherwise (`number_decimal` too, keeping its digits).',
  })
  jsonValue!: unknown;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field({ description: 'The digest of what the metafield holds: given back as `compareDigest` to `metafieldsSet`, the metafield is set only while it still holds it.' })
  compareDigest!: string;

  @Field(() => AdminMetafieldOwnerType, { description: 'The kind of resource the metafield belongs to.' })
  ownerType!: MetafieldOwnerType;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;
}

@ObjectType('MetafieldConnection', { registerIn: () => AdminSchema })
export class AdminMetafieldConnection extends ConnectionType(AdminMetafield, 'Metafield', () => AdminSchema) {}
