import { ArgsType, Field, InputType, Int, registerEnumType } from '@nestjs/graphql';
import { CatalogIdentifierFields } from './identifier.js';
import { AdminSchema, ConnectionArgs, enumOf } from '@platform/graphql-types';
import { PRODUCT_SORT_KEYS, type ProductSortKey } from '../../admin/product-admin-search.rules.js';
import { VARIANT_SORT_KEYS, type VariantSortKey } from '../../admin/variant-admin-search.rules.js';

export const ProductSortKeys = enumOf(PRODUCT_SORT_KEYS);
registerEnumType(ProductSortKeys, { registerIn: () => AdminSchema, name: 'ProductSortKeys', description: 'How the products list can be sorted (RELEVANCE: by the query\'s words, id order without any).' });

/** `productsCount`'s default cap (the hosted platform's). */
export const PRODUCTS_COUNT_LIMIT = 10_000;

@ArgsType()
export class ProductsArgs extends ConnectionArgs {
  @Field(() => String, {
    nullable: true,
    description:
      'Search syntax: bare words, `title`, `handle` (comma list), `vendor`, `product_type`, `status` (comma list; every status without it), `tag`, `tag_not`, `sku`, `barcode`, `variant_id`, `id` (`id:>=1234`), `created_at`/`updated_at`/`published_at` (`<now`, quoted ISO times), `collection_id`, `inventory_total`, `price`, `published_status`; AND/OR/NOT, `-` negation, quoted values.',
  })
  query?: string | null;

  @Field(() => ProductSortKeys, { defaultValue: 'ID' })
  sortKey!: ProductSortKey;
}

@ArgsType()
export class ProductsCountArgs {
  @Field(() => String, { nullable: true, description: 'The `products` search syntax.' })
  query?: string | null;

  @Field(() => Int, { nullable: true, defaultValue: PRODUCTS_COUNT_LIMIT, description: 'Count at most this many (precision AT_LEAST when reached); null counts them all.' })
  limit?: number | null;
}

@InputType('ProductIdentifierInput', { registerIn: () => AdminSchema, description: 'One way to name a product: exactly one field.' })
export class ProductIdentifierInput extends CatalogIdentifierFields {}

export const ProductVariantSortKeys = enumOf(VARIANT_SORT_KEYS);
registerEnumType(ProductVariantSortKeys, { registerIn: () => AdminSchema, name: 'ProductVariantSortKeys', description: 'How the variants list can be sorted.' });

@ArgsType()
export class ProductVariantsArgs extends ConnectionArgs {
  @Field(() => String, {
    nullable: true,
    description: 'Search syntax: bare words (title, SKU), `sku` and `barcode` (comma lists), `title`, `product_id`, `id`, `price`, `inventory_quantity` (comparisons), `created_at`, `updated_at`.',
  })
  query?: string | null;

  @Field(() => ProductVariantSortKeys, { defaultValue: 'ID' })
  sortKey!: VariantSortKey;
}
