import { preparedSql } from '@platform/database';
import { ADMIN_PRODUCT_COLUMNS } from './product-admin.sql.js';

// The catalog's writes the ORM does not express in one statement: collection positions and product totals.

/** The last position of each collection ($2 ids). */
export const LAST_COLLECTION_POSITIONS = preparedSql(
  `select collection_id, max(position)::int as last from collection_products
    where shop_id = $1 and collection_id = any($2::bigint[]) group by collection_id`,
);

/**
 * Price range, availability and inventory of products ($2 ids) from their variants, so storefront reads never aggregate
 * (a product without variants has none); `updated_at` becomes $3 unless null. Answers the products as the admin reads them.
 */
export const REFRESH_VARIANT_AGGREGATES = preparedSql(
  `update products p set
     min_price = coalesce(v.min_price, 0), max_price = coalesce(v.max_price, 0),
     min_compare_at_price = v.min_compare_at_price, max_compare_at_price = v.max_compare_at_price,
     available_for_sale = coalesce(v.available_for_sale, false), total_inventory = v.total_inventory,
     updated_at = coalesce($3::timestamptz, p.updated_at)
   from (
     select p2.id as product_id, min(pv.price) as min_price, max(pv.price) as max_price,
            min(pv.compare_at_price) as min_compare_at_price, max(pv.compare_at_price) as max_compare_at_price,
            bool_or(pv.available_for_sale) as available_for_sale, coalesce(sum(pv.inventory_quantity), 0) as total_inventory
     from products p2 left join product_variants pv on pv.product_id = p2.id
     where p2.shop_id = $1 and p2.id = any($2::bigint[]) group by p2.id
   ) v
   where p.shop_id = $1 and p.id = v.product_id
   returning ${ADMIN_PRODUCT_COLUMNS}`,
);
