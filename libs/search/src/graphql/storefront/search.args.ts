import { ArgsType, Field, Int, registerEnumType } from '@nestjs/graphql';
import { ConnectionArgs, StorefrontSchema, enumOf } from '@platform/graphql-types';
import { PREDICTIVE_TYPES, type PredictiveType } from '../../search.inputs.js';
import { SEARCH_SORT_KEYS, SEARCH_TYPES, type SearchSortKey, type SearchType, UNAVAILABLE_PRODUCTS, type UnavailableProducts } from '../../search.rules.js';


export const SearchTypeEnum = enumOf(SEARCH_TYPES);
registerEnumType(SearchTypeEnum, { registerIn: () => StorefrontSchema, name: 'SearchType', description: 'The types of search items to perform search within.' });

export const SearchSortKeys = enumOf(SEARCH_SORT_KEYS);
registerEnumType(SearchSortKeys, { registerIn: () => StorefrontSchema, name: 'SearchSortKeys', description: 'How search results can be sorted.' });

export const SearchPrefixQueryType = enumOf(['LAST', 'NONE'] as const);
registerEnumType(SearchPrefixQueryType, { registerIn: () => StorefrontSchema, name: 'SearchPrefixQueryType', description: 'Whether the last word of the query matches as a prefix.' });

export const SearchUnavailableProductsType = enumOf(UNAVAILABLE_PRODUCTS);
registerEnumType(SearchUnavailableProductsType, { registerIn: () => StorefrontSchema, name: 'SearchUnavailableProductsType', description: 'Whether to display results for unavailable products.' });

export const PredictiveSearchType = enumOf(PREDICTIVE_TYPES);
registerEnumType(PredictiveSearchType, { registerIn: () => StorefrontSchema, name: 'PredictiveSearchType', description: 'The types of search items to perform predictive search on.' });

export const PredictiveSearchLimitScope = enumOf(['ALL', 'EACH'] as const);
registerEnumType(PredictiveSearchLimitScope, { registerIn: () => StorefrontSchema, name: 'PredictiveSearchLimitScope', description: 'Whether `limit` applies to all results together or to each type.' });

export const SearchableField = enumOf(['AUTHOR', 'BODY', 'PRODUCT_TYPE', 'TAG', 'TITLE', 'VARIANTS_BARCODE', 'VARIANTS_SKU', 'VARIANTS_TITLE', 'VENDOR'] as const);
registerEnumType(SearchableField, { registerIn: () => StorefrontSchema, name: 'SearchableField', description: 'Fields predictive search can match.' });

@ArgsType()
export class SearchArgs extends ConnectionArgs {
  @Field({ description: 'The search query.' })
  query!: string;

  @Field(() => SearchSortKeys, { defaultValue: 'RELEVANCE' })
  sortKey!: SearchSortKey;

  @Field(() => [SearchTypeEnum], { nullable: true, description: 'Types to search (all by default).' })
  types?: SearchType[] | null;

  @Field(() => SearchPrefixQueryType, { nullable: true, description: 'LAST: the last word matches as a prefix.' })
  prefix?: 'LAST' | 'NONE' | null;

  @Field(() => SearchUnavailableProductsType, { nullable: true, description: 'How unavailable products show (LAST by default).' })
  unavailableProducts?: UnavailableProducts | null;
}

@ArgsType()
export class PredictiveSearchArgs {
  @Field({ description: 'The search query; its last word matches as a prefix.' })
  query!: string;

  @Field(() => Int, { nullable: true, defaultValue: 10, description: 'Results per type or in all (1 to 10).' })
  limit?: number | null;

  @Field(() => PredictiveSearchLimitScope, { nullable: true, defaultValue: 'ALL' })
  limitScope?: 'ALL' | 'EACH' | null;

  @Field(() => [PredictiveSearchType], { nullable: true, description: 'Types to return (all by default).' })
  types?: PredictiveType[] | null;

  @Field(() => [SearchableField], { nullable: true, description: 'Fields to match (accepted; every field is searched).' })
  searchableFields?: string[] | null;

  @Field(() => SearchUnavailableProductsType, { nullable: true })
  unavailableProducts?: UnavailableProducts | null;
}
