import { Field, ObjectType } from '@nestjs/graphql';
import { StorefrontSchema } from '@platform/graphql-types';

/** The storefront `SEO` type; other contexts reuse it (one `SEO` per schema). */
@ObjectType('SEO', { registerIn: () => StorefrontSchema, description: 'SEO information.' })
export class StorefrontSeo {
  @Field(() => String, { nullable: true, description: 'The meta title; null when the resource uses its own title.' })
  title!: string | null;

  @Field(() => String, { nullable: true, description: 'The meta description; null when the resource uses its own summary.' })
  description!: string | null;
}
