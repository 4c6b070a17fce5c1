import { preparedSql } from '@platform/database';

// The catalog's writes the ORM does not express in one statement: collection positions and product totals.

/** The last position of each collection ($2 ids). */
export const LAST_COLLECTION_POSITIONS = preparedSql(
  `select collection_id, max(position)::int as last from collection_products
    where shop_id = $1 and collection_id = any($2::bigint[]) group by collection_id`,
);

/** Price range, availability and inventory of products ($2 ids) from their variants, so storefront reads never aggregate. */
export const REFRESH_VARIANT_AGGREGATES = preparedSql(
  `update products p set
     min_price = v.min_price, max_price = v.max_price,
     min_compare_at_price = v.min_compare_at_price, max_compare_at_price = v.max_compare_at_price,
     available_for_sale = v.available_for_sale, total_inventory = v.total_inventory
   from (
     select product_id, min(price) as min_price, max(price) as max_price,
            min(compare_at_price) as min_compare_at_price, max(compare_at_price) as max_compare_at_price,
            bool_or(available_for_sale) as available_for_sale, coalesce(sum(inventory_quantity), 0) as total_inventory
     from product_variants where shop_id = $1 and product_id = any($2::bigint[]) group by product_id
   ) v
   where p.shop_id = $1 and v.product_id = p.id`,
);
