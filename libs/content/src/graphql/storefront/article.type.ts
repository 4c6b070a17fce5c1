import { Field, GraphQLISODateTime, ID, ObjectType } from '@nestjs/graphql';
import { BoundedList, ConnectionType, StorefrontNode, StorefrontSchema, UrlScalar } from '@platform/graphql-types';
import type { ArticleRecord } from '../../content.records.js';
import { StorefrontSeo } from './seo.type.js';
import { MAX_TAGS } from '@platform/errors';

@ObjectType('ArticleAuthor', { registerIn: () => StorefrontSchema, description: 'The author of an article.' })
export class StorefrontArticleAuthor {
  @Field({ description: "The author's full name." })
  name!: string;

  @Field({ description: "The author's first name." })
  firstName!: string;

  @Field({ description: "The author's last name." })
  lastName!: string;

  @Field(() => String, { nullable: true, description: "The author's bio." })
  bio!: string | null;
}

// `content`, `excerpt`, `blog`, `image` and the metafields are resolved fields (articles.storefront.resolver.ts).
@ObjectType('Article', { registerIn: () => StorefrontSchema, implements: () => [StorefrontNode], description: 'An article in an online store blog.' })
export class StorefrontArticle {
  __typename!: 'Article';

  @Field(() => ID)
  id!: string;

  @Field({ description: 'Unique, human-friendly part of the URL within its blog.' })
  handle!: string;

  // title, contentHtml and excerptHtml are resolved fields (translated under @inContext(language:)).
  title!: string;

  contentHtml!: string;

  excerptHtml!: string | null;

  @Field(() => StorefrontArticleAuthor, { nullable: true, description: "The article's author." })
  authorV2!: StorefrontArticleAuthor | null;

  @Field(() => StorefrontArticleAuthor, { deprecationReason: 'Use `authorV2` instead.' })
  author!: StorefrontArticleAuthor;

  @BoundedList({ max: MAX_TAGS, withParent: true })
  @Field(() => [String], { description: 'Tags of the article.' })
  tags!: string[];

  @Field(() => GraphQLISODateTime)
  publishedAt!: Date;

  @Field(() => StorefrontSeo, { nullable: true })
  seo!: StorefrontSeo | null;

  @Field(() => UrlScalar, { nullable: true, description: 'The URL of the article on the online store (none: the platform is headless).' })
  onlineStoreUrl!: string | null;

  @Field(() => String, { nullable: true, description: 'URL parameters that attribute a visit to a search result (none yet).' })
  trackingParameters!: string | null;

  record!: ArticleRecord;
}

@ObjectType('ArticleConnection', { registerIn: () => StorefrontSchema })
export class StorefrontArticleConnection extends ConnectionType(StorefrontArticle, 'Article', () => StorefrontSchema) {}
