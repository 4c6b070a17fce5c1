import { ArgsType, Field, InputType, registerEnumType } from '@nestjs/graphql';
import { ConnectionArgs, StorefrontSchema, enumOf } from '@platform/graphql-types';
import {
  COLLECTION_SORT_KEYS,
  type CollectionSortKey,
  PRODUCT_COLLECTION_SORT_KEYS,
  PRODUCT_SORT_KEYS,
  type ProductCollectionSortKey,
  type ProductSortKey,
} from '../../storefront/sort-keys.js';


export const ProductSortKeys = enumOf(PRODUCT_SORT_KEYS);
registerEnumType(ProductSortKeys, { registerIn: () => StorefrontSchema, name: 'ProductSortKeys', description: 'How products can be sorted.' });

export const ProductCollectionSortKeys = enumOf(PRODUCT_COLLECTION_SORT_KEYS);
registerEnumType(ProductCollectionSortKeys, { registerIn: () => StorefrontSchema, name: 'ProductCollectionSortKeys', description: "How a collection's products can be sorted." });

export const CollectionSortKeys = enumOf(COLLECTION_SORT_KEYS);
registerEnumType(CollectionSortKeys, { registerIn: () => StorefrontSchema, name: 'CollectionSortKeys', description: 'How collections can be sorted.' });

@ArgsType()
export class ProductsArgs extends ConnectionArgs {
  @Field(() => ProductSortKeys, { defaultValue: 'ID' })
  sortKey!: ProductSortKey;

  @Field(() => String, { nullable: true, description: 'Filter, e.g. `tag:summer vendor:Acme available_for_sale:true shirt`.' })
  query?: string | null;
}

@ArgsType()
export class CollectionsArgs extends ConnectionArgs {
  @Field(() => CollectionSortKeys, { defaultValue: 'ID' })
  sortKey!: CollectionSortKey;

  @Field(() => String, { nullable: true, description: 'Filter by title, e.g. `title:summer`.' })
  query?: string | null;
}

@ArgsType()
export class CollectionProductsArgs extends ConnectionArgs {
  @Field(() => ProductCollectionSortKeys, { defaultValue: 'COLLECTION_DEFAULT' })
  sortKey!: ProductCollectionSortKey;
}

@InputType('SelectedOptionInput', { registerIn: () => StorefrontSchema })
export class SelectedOptionInput {
  @Field()
  name!: string;

  @Field()
  value!: string;
}
