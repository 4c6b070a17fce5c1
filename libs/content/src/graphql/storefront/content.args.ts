import { ArgsType, Field, InputType, registerEnumType } from '@nestjs/graphql';
import { ConnectionArgs, StorefrontSchema, enumOf } from '@platform/graphql-types';
import {
  ARTICLE_SORT_KEYS,
  type ArticleSortKey,
  BLOG_SORT_KEYS,
  type BlogSortKey,
  PAGE_SORT_KEYS,
  type PageSortKey,
} from '../../storefront/sort-keys.js';


export const PageSortKeys = enumOf(PAGE_SORT_KEYS);
registerEnumType(PageSortKeys, { registerIn: () => StorefrontSchema, name: 'PageSortKeys', description: 'The set of valid sort keys for the Page query.' });

export const BlogSortKeys = enumOf(BLOG_SORT_KEYS);
registerEnumType(BlogSortKeys, { registerIn: () => StorefrontSchema, name: 'BlogSortKeys', description: 'The set of valid sort keys for the Blog query.' });

export const ArticleSortKeys = enumOf(ARTICLE_SORT_KEYS);
registerEnumType(ArticleSortKeys, { registerIn: () => StorefrontSchema, name: 'ArticleSortKeys', description: 'The set of valid sort keys for the Article query.' });

@ArgsType()
export class PagesArgs extends ConnectionArgs {
  // Nullable with a default, as on the hosted platform (`sortKey: PageSortKeys = ID`).
  @Field(() => PageSortKeys, { nullable: true, defaultValue: 'ID', description: 'Sort the underlying list by the given key.' })
  sortKey?: PageSortKey | null;

  @Field(() => String, { nullable: true, description: 'Filter, e.g. `title:about handle:contact updated_at:>2024-01-01 shipping`.' })
  query?: string | null;
}

@ArgsType()
export class BlogsArgs extends ConnectionArgs {
  // Nullable with a default, as on the hosted platform (`sortKey: BlogSortKeys = ID`).
  @Field(() => BlogSortKeys, { nullable: true, defaultValue: 'ID', description: 'Sort the underlying list by the given key.' })
  sortKey?: BlogSortKey | null;

  @Field(() => String, { nullable: true, description: 'Filter, e.g. `title:news handle:news created_at:>2024-01-01`.' })
  query?: string | null;
}

@ArgsType()
export class ArticlesArgs extends ConnectionArgs {
  // Nullable with a default, as on the hosted platform (`sortKey: ArticleSortKeys = ID`).
  @Field(() => ArticleSortKeys, { nullable: true, defaultValue: 'ID', description: 'Sort the underlying list by the given key.' })
  sortKey?: ArticleSortKey | null;

  @Field(() => String, { nullable: true, description: 'Filter, e.g. `author:"Jo Doe" blog_title:News tag:care tag_not:sale linen`.' })
  query?: string | null;
}

@ArgsType()
export class MetaobjectsArgs extends ConnectionArgs {
  @Field(() => String, { description: 'The type of metaobject to retrieve.' })
  type!: string;

  @Field(() => String, { nullable: true, description: 'The key of a field to sort with: `id` (default) or `updated_at`.' })
  sortKey?: string | null;
}

@InputType('MetaobjectHandleInput', { registerIn: () => StorefrontSchema, description: 'A metaobject by its type and handle (handles are unique per type).' })
export class MetaobjectHandleInput {
  @Field(() => String, { description: 'The handle of the metaobject.' })
  handle!: string;

  @Field(() => String, { description: 'The type of the metaobject.' })
  type!: string;
}
