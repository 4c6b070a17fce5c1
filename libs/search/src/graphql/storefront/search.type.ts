import type { Type } from '@nestjs/common';
import { Field, Int, ObjectType, createUnionType } from '@nestjs/graphql';
import { StorefrontArticle, StorefrontPage } from '@platform/content';
import { StorefrontCollection, StorefrontProduct } from '@platform/catalog';
import { BoundedList, ConnectionType, StorefrontSchema } from '@platform/graphql-types';
import { MAX_PREDICTIVE_LIMIT } from '../../search.inputs.js';

export type SearchResultNode = StorefrontArticle | StorefrontPage | StorefrontProduct;

export const SearchResultItem = createUnionType({
  name: 'SearchResultItem',
  description: 'A search result: an article, a page or a product.',
  registerIn: () => StorefrontSchema,
  types: () => [StorefrontArticle, StorefrontPage, StorefrontProduct] as const,
  resolveType: (value: { __typename: string }) => value.__typename,
});

@ObjectType('SearchResultItemConnection', { registerIn: () => StorefrontSchema, description: 'Search results, paginated.' })
export class SearchResultItemConnection extends ConnectionType(SearchResultItem as unknown as Type<SearchResultNode>, 'SearchResultItem', () => StorefrontSchema) {
  @Field(() => Int, { description: 'The number of matches of every requested type.' })
  totalCount!: number;
}

@ObjectType('SearchQuerySuggestion', { registerIn: () => StorefrontSchema, description: 'A search query suggested as the buyer types.' })
export class SearchQuerySuggestion {
  @Field()
  text!: string;

  @Field({ description: 'The text with the typed part wrapped in `<mark>`.' })
  styledText!: string;

  @Field(() => String, { nullable: true })
  trackingParameters!: string | null;
}

@ObjectType('PredictiveSearchResult', { registerIn: () => StorefrontSchema, description: 'As-you-type suggestions of every kind.' })
export class PredictiveSearchResult {
  @BoundedList({ max: MAX_PREDICTIVE_LIMIT })
  @Field(() => [StorefrontProduct])
  products!: StorefrontProduct[];

  @BoundedList({ max: MAX_PREDICTIVE_LIMIT })
  @Field(() => [StorefrontCollection])
  collections!: StorefrontCollection[];

  @BoundedList({ max: MAX_PREDICTIVE_LIMIT })
  @Field(() => [StorefrontPage])
  pages!: StorefrontPage[];

  @BoundedList({ max: MAX_PREDICTIVE_LIMIT })
  @Field(() => [StorefrontArticle])
  articles!: StorefrontArticle[];

  @BoundedList({ max: MAX_PREDICTIVE_LIMIT })
  @Field(() => [SearchQuerySuggestion])
  queries!: SearchQuerySuggestion[];
}
