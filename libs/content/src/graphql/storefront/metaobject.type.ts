import { Field, GraphQLISODateTime, ID, ObjectType } from '@nestjs/graphql';
import { BoundedList, ConnectionType, StorefrontNode, StorefrontSchema, UrlScalar } from '@platform/graphql-types';
import type { MetaobjectRecord } from '../../metaobject.records.js';
import { MAX_METAOBJECT_FIELDS } from '../../metaobject.rules.js';

@ObjectType('MetaobjectField', { registerIn: () => StorefrontSchema, description: 'A field of a metaobject.' })
export class StorefrontMetaobjectField {
  @Field({ description: 'The key of the field.' })
  key!: string;

  @Field({ description: 'The type of the field (a metafield type, e.g. `single_line_text_field`).' })
  type!: string;

  @Field(() => String, { nullable: true, description: 'The value of the field, as a string.' })
  value!: string | null;
}

// `field(key:)` is a resolved field (metaobjects.storefront.resolver.ts).
@ObjectType('Metaobject', { registerIn: () => StorefrontSchema, implements: () => [StorefrontNode], description: 'An entry of custom structured data.' })
export class StorefrontMetaobject {
  __typename!: 'Metaobject';

  @Field(() => ID)
  id!: string;

  @Field({ description: 'The unique handle of the metaobject within its type.' })
  handle!: string;

  @Field({ description: 'The type of the metaobject.' })
  type!: string;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;

  @BoundedList({ max: MAX_METAOBJECT_FIELDS, withParent: true })
  @Field(() => [StorefrontMetaobjectField], { description: 'The fields with a value, in the definition’s order.' })
  fields!: StorefrontMetaobjectField[];

  @Field(() => UrlScalar, { nullable: true, description: 'The URL of the metaobject on the online store (none: the platform is headless).' })
  onlineStoreUrl!: string | null;

  record!: MetaobjectRecord;
}

@ObjectType('MetaobjectConnection', { registerIn: () => StorefrontSchema })
export class StorefrontMetaobjectConnection extends ConnectionType(StorefrontMetaobject, 'Metaobject', () => StorefrontSchema) {}
