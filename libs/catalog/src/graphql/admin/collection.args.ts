import { UniqueMetafieldValueInput } from '@platform/metafields';
import { ArgsType, Field, ID, InputType, registerEnumType } from '@nestjs/graphql';
import { AdminSchema, ConnectionArgs, enumOf } from '@platform/graphql-types';
import { COLLECTION_SORT_KEYS, type CollectionSortKey } from '../../admin/collection-admin-search.rules.js';

export const CollectionSortKeys = enumOf(COLLECTION_SORT_KEYS);
registerEnumType(CollectionSortKeys, { registerIn: () => AdminSchema, name: 'CollectionSortKeys', description: "How the collections list can be sorted (RELEVANCE: by the query's words)." });

@ArgsType()
export class CollectionsArgs extends ConnectionArgs {
  @Field(() => String, { nullable: true, description: 'Search syntax: bare words (the title), `title`, `handle` (comma list), `id`, `updated_at`, `product_id`, `collection_type` (custom, smart); AND/OR/NOT, `-` negation.' })
  query?: string | null;

  @Field(() => CollectionSortKeys, { defaultValue: 'ID' })
  sortKey!: CollectionSortKey;
}

@ArgsType()
export class CollectionsCountArgs {
  @Field(() => String, { nullable: true, description: 'The `collections` search syntax.' })
  query?: string | null;
}

@InputType('CollectionIdentifierInput', { registerIn: () => AdminSchema, description: 'One way to name a collection: exactly one field.' })
export class CollectionIdentifierInput {
  @Field(() => ID, { nullable: true })
  id?: string | null;

  @Field(() => String, { nullable: true })
  handle?: string | null;

  @Field(() => UniqueMetafieldValueInput, { nullable: true, description: 'Its custom id: the value of its `id` metafield.' })
  customId?: UniqueMetafieldValueInput | null;
}
