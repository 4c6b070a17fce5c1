import { Field, ID, ObjectType } from '@nestjs/graphql';
import { ConnectionType, StorefrontNode, StorefrontSchema, UrlScalar } from '@platform/graphql-types';
import type { BlogRecord } from '../../content.records.js';
import { StorefrontSeo } from './seo.type.js';

// `articles`, `articleByHandle`, `authors` and the metafields are resolved fields (blogs.storefront.resolver.ts).
@ObjectType('Blog', { registerIn: () => StorefrontSchema, implements: () => [StorefrontNode], description: 'An online store blog.' })
export class StorefrontBlog {
  __typename!: 'Blog';

  @Field(() => ID)
  id!: string;

  @Field({ description: 'Unique, human-friendly part of the URL (e.g. `news`).' })
  handle!: string;

  @Field()
  title!: string;

  @Field(() => StorefrontSeo, { nullable: true })
  seo!: StorefrontSeo | null;

  @Field(() => UrlScalar, { nullable: true, description: 'The URL of the blog on the online store (none: the platform is headless).' })
  onlineStoreUrl!: string | null;

  record!: BlogRecord;
}

@ObjectType('BlogConnection', { registerIn: () => StorefrontSchema })
export class StorefrontBlogConnection extends ConnectionType(StorefrontBlog, 'Blog', () => StorefrontSchema) {}
