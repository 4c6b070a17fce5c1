import { Field, GraphQLISODateTime, ID, ObjectType } from '@nestjs/graphql';
import { ConnectionType, StorefrontNode, StorefrontSchema, UrlScalar } from '@platform/graphql-types';
import type { PageRecord } from '../../content.records.js';
import { StorefrontSeo } from './seo.type.js';

@ObjectType('Page', { registerIn: () => StorefrontSchema, implements: () => [StorefrontNode], description: 'A page of the online store, such as "About us".' })
export class StorefrontPage {
  __typename!: 'Page';

  @Field(() => ID)
  id!: string;

  @Field({ description: 'Unique, human-friendly part of the URL (e.g. `about`).' })
  handle!: string;

  // title, body and bodySummary are resolved fields (translated under @inContext(language:)).
  title!: string;

  body!: string;

  bodySummary!: string;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;

  @Field(() => StorefrontSeo, { nullable: true })
  seo!: StorefrontSeo | null;

  @Field(() => UrlScalar, { nullable: true, description: 'The URL of the page on the online store (none: the platform is headless).' })
  onlineStoreUrl!: string | null;

  @Field(() => String, { nullable: true, description: 'URL parameters that attribute a visit to a search result (none yet).' })
  trackingParameters!: string | null;

  record!: PageRecord;
}

@ObjectType('PageConnection', { registerIn: () => StorefrontSchema })
export class StorefrontPageConnection extends ConnectionType(StorefrontPage, 'Page', () => StorefrontSchema) {}
