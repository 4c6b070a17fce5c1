import { Field, GraphQLISODateTime, ID, ObjectType } from '@nestjs/graphql';
import { AdminNode, AdminSchema, ConnectionType, HtmlScalar, UnsignedInt64Scalar } from '@platform/graphql-types';
import type { CollectionRecord } from '../../catalog.records.js';

@ObjectType('Collection', { registerIn: () => AdminSchema, implements: () => [AdminNode], description: 'A group of products the merchant curates (every collection is manual for now).' })
export class AdminCollection {
  __typename!: 'Collection';

  @Field(() => ID)
  id!: string;

  @Field(() => UnsignedInt64Scalar, { description: 'The id of the collection in the REST API.' })
  legacyResourceId!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String, { description: 'Unique per shop; the storefront finds the collection by it.' })
  handle!: string;

  @Field(() => HtmlScalar, { description: 'The description, as HTML.' })
  descriptionHtml!: string;

  @Field(() => String, { description: 'The description without its HTML.' })
  description!: string;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;

  record!: CollectionRecord;
}

@ObjectType('CollectionConnection', { registerIn: () => AdminSchema })
export class AdminCollectionConnection extends ConnectionType(AdminCollection, 'Collection', () => AdminSchema) {}
