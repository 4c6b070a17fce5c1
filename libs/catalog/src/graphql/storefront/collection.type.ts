import { Field, GraphQLISODateTime, ID, ObjectType } from '@nestjs/graphql';
import { ConnectionType, StorefrontNode, StorefrontSchema } from '@platform/graphql-types';
import type { CollectionRecord } from '../../catalog.records.js';

@ObjectType('Collection', { registerIn: () => StorefrontSchema, implements: () => [StorefrontNode], description: 'A group of products.' })
export class StorefrontCollection {
  __typename!: 'Collection';

  @Field(() => ID)
  id!: string;

  @Field()
  handle!: string;

  // title and descriptionHtml are resolved fields (translated under @inContext(language:)).
  title!: string;

  descriptionHtml!: string;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;

  @Field(() => String, { nullable: true })
  onlineStoreUrl!: string | null;

  record!: CollectionRecord;
}

@ObjectType('CollectionConnection', { registerIn: () => StorefrontSchema })
export class StorefrontCollectionConnection extends ConnectionType(StorefrontCollection, 'Collection', () => StorefrontSchema) {}
