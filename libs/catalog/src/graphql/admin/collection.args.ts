import { ArgsType, Field, InputType, registerEnumType } from '@nestjs/graphql';
import { CatalogIdentifierFields } from './identifier.js';
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
export class CollectionIdentifierInput extends CatalogIdentifierFields {}
