import { preparedSql } from '@platform/database';

// Reads of the companies context, each scoped by shop_id ($1): the buyer check of @inContext(buyer:), an import's check
// of what it names, and the prices of a location's catalog. Served by the unique indexes of the migration.

/**
 * Location $3 if customer $2 buys for it, with its catalog's adjustment and whether the catalog has fixed prices:
 * the membership check and everything a request's prices need but the fixed prices, in one statement.
 */
export const BUYER_LOCATION = preparedSql(`select l.id, l.catalog_id as "catalogId", c.adjustment_type as "adjustmentType",
    c.adjustment_value::text as "adjustmentValue",
    exists (select 1 from company_catalog_prices f where f.shop_id = $1 and f.catalog_id = l.catalog_id) as "hasFixedPrices"
  from company_contacts ct
  join company_contact_locations cl on cl.shop_id = ct.shop_id and cl.contact_id = ct.id
  join company_locations l on l.shop_id = cl.shop_id and l.id = cl.location_id and l.company_id = ct.company_id
  left join company_catalogs c on c.shop_id = l.shop_id and c.id = l.catalog_id
  where ct.shop_id = $1 and ct.customer_id = $2 and l.id = $3`);

/** Fixed prices of catalog $2 for the variants $3: a page of variants in one statement. */
export const FIXED_PRICES = preparedSql(`select f.variant_id as "variantId", f.price::text as price, f.compare_at_price::text as "compareAtPrice"
  from company_catalog_prices f
  where f.shop_id = $1 and f.catalog_id = $2 and f.variant_id = any($3::bigint[])`);

/**
 * Every variant (list and fixed price) of the products $3 that have a fixed price in catalog $2: a page of
 * products' price ranges in one statement (products without fixed prices need no row).
 */
export const PRODUCTS_WITH_FIXED_PRICES = preparedSql(`select v.product_id as "productId", v.price::text as price,
    v.compare_at_price::text as "compareAtPrice", f.price::text as "fixedPrice", f.compare_at_price::text as "fixedCompareAtPrice"
  from product_variants v
  left join company_catalog_prices f on f.shop_id = v.shop_id and f.catalog_id = $2 and f.variant_id = v.id
  where v.shop_id = $1 and v.product_id = any($3::bigint[])
    and exists (select 1 from company_catalog_prices x join product_variants xv on xv.id = x.variant_id
      where x.shop_id = $1 and x.catalog_id = $2 and xv.shop_id = $1 and xv.product_id = v.product_id)`);

/** How many of customers $2 and variants $3 the shop has (an import names only its own). */
export const OWNED_CUSTOMERS_AND_VARIANTS = preparedSql(`select
    (select count(*)::int from customers where shop_id = $1 and id = any($2::bigint[])) as customers,
    (select count(*)::int from product_variants where shop_id = $1 and id = any($3::bigint[])) as variants`);
