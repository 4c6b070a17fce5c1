import { preparedSql } from '@platform/database';

// Every statement of the inventory, in one reviewable place. Each is scoped by shop_id ($1).

export const LOCATION_COLUMNS = `l.id, l.name, l.address1, l.city, l.province_code as "provinceCode", l.country_code as "countryCode", l.zip,
  l.is_active as "isActive", l.created_at as "createdAt", l.updated_at as "updatedAt"`;

export const ITEM_COLUMNS = `v.id, v.sku, v.tracked, v.requires_shipping as "requiresShipping", v.unit_cost as "unitCost",
  v.created_at as "createdAt", v.updated_at as "updatedAt"`;

export const LEVEL_COLUMNS = `il.id, il.variant_id as "itemId", il.location_id as "locationId", il.available, il.committed, il.damaged,
  il.incoming, il.quality_control, il.reserved, il.safety_stock, il.created_at as "createdAt", il.updated_at as "updatedAt"`;

export const LOCATIONS_BY_IDS = `select ${LOCATION_COLUMNS} from locations l where l.shop_id = $1 and l.id = any($2::bigint[])`;
export const ITEMS_BY_IDS = `select ${ITEM_COLUMNS} from product_variants v where v.shop_id = $1 and v.id = any($2::bigint[])`;
export const LEVELS_BY_IDS = `select ${LEVEL_COLUMNS} from inventory_levels il where il.shop_id = $1 and il.id = any($2::bigint[])`;

/** A page of locations ($2 the limit), active ones only unless $3. */
export function locationPageSql(where: readonly string[], orderBy: string): string {
  return `select ${LOCATION_COLUMNS}, l.id::text as "sortValue" from locations l
    where l.shop_id = $1 and (l.is_active or $3::boolean)${where.map((w) => ` and ${w}`).join('')} order by ${orderBy} limit $2`;
}

/** A page of inventory items ($2 the limit), filtered by the search. */
export function itemPageSql(where: readonly string[], orderBy: string): string {
  return `select ${ITEM_COLUMNS}, v.id::text as "sortValue" from product_variants v
    where v.shop_id = $1${where.map((w) => ` and ${w}`).join('')} order by ${orderBy} limit $2`;
}

// An item's levels, and a location's (each paged per parent: `childPagesLoader`).
export const LEVEL_PAGE_COLUMNS = `${LEVEL_COLUMNS}, il.id as "sortValue"`;
export const LEVELS_OF_ITEMS_FROM = `inventory_levels il where il.shop_id = $1 and il.variant_id = any($2::bigint[])`;
export const LEVELS_OF_LOCATIONS_FROM = `inventory_levels il where il.shop_id = $1 and il.location_id = any($2::bigint[])`;

/** The levels of the pairs ($2 items, $3 locations) that exist. */
export const LEVELS_AT_PAIRS = preparedSql(`select ${LEVEL_COLUMNS} from inventory_levels il
  where il.shop_id = $1 and (il.variant_id, il.location_id) in (select * from unnest($2::bigint[], $3::bigint[]))`);

/** The level of an item ($2) at a location ($3). */
export const LEVEL_AT = preparedSql(`select ${LEVEL_COLUMNS} from inventory_levels il where il.shop_id = $1 and il.variant_id = $2 and il.location_id = $3`);

/** Which of the items ($2) and locations ($3) the shop has. */
export const KNOWN_ITEMS_AND_LOCATIONS = preparedSql(`select
    coalesce((select array_agg(id) from product_variants where shop_id = $1 and id = any($2::bigint[])), '{}') as items,
    coalesce((select array_agg(id) from locations where shop_id = $1 and id = any($3::bigint[])), '{}') as locations`);

/** The levels of the pairs ($2 items, $3 locations), locked in id order for the write. */
export const LOCK_LEVELS = preparedSql(`select ${LEVEL_COLUMNS} from inventory_levels il
  where il.shop_id = $1 and (il.variant_id, il.location_id) in (select * from unnest($2::bigint[], $3::bigint[]))
  order by il.id for update`);

/**
 * CTEs bringing the variants (`variantIds`, a bigint[]) with their levels: each variant's stock is what is available
 * at its active locations (a level's `available` from `newLevels` when it is written in the same statement, whose
 * snapshot has the old one), for sale while untracked or in stock; its product's totals follow. `$1` is the shop.
 * Every row is found by an `= any(array)`, which the planner reads as a few index lookups.
 */
function stockFollowing(variantIds: string, newLevels: string): string {
  return `stock as (
    select v.id, coalesce(sum(coalesce(n.available, il.available)) filter (where loc.is_active), 0)::int as quantity
    from product_variants v left join inventory_levels il on il.variant_id = v.id left join locations loc on loc.id = il.location_id
      left join ${newLevels} n on n.id = il.id
    where v.shop_id = $1 and v.id = any(${variantIds}) group by v.id
  ), stocked_variants as (
    update product_variants v set inventory_quantity = s.quantity, available_for_sale = not v.tracked or s.quantity > 0
    from stock s where v.shop_id = $1 and v.id = any(${variantIds}) and v.id = s.id
    returning v.id, v.product_id, v.inventory_quantity, v.available_for_sale
  ), stocked_products as (
    update products p set available_for_sale = t.available_for_sale, total_inventory = t.total_inventory
    from (select v.product_id, bool_or(coalesce(s.available_for_sale, v.available_for_sale)) as available_for_sale,
            coalesce(sum(coalesce(s.inventory_quantity, v.inventory_quantity)), 0) as total_inventory
          from product_variants v left join stocked_variants s on s.id = v.id
          where v.shop_id = $1 and v.product_id = any(array(select product_id from stocked_variants)) group by v.product_id) t
    where p.shop_id = $1 and p.id = any(array(select product_id from stocked_variants)) and p.id = t.product_id
    returning p.id
  )`;
}

/**
 * Writes levels ($2: `[{id, available, …}]`, ids $3) of variants $4 at $5, brings the variants' stock and their
 * products' totals with them and records their adjustment group (reason $6, document $7, changes $8 as jsonb, key $9,
 * request digest $10), in one statement: the levels stay locked for this round trip, then the commit's.
 */
export const WRITE_LEVELS_RECORDING_GROUP = preparedSql(`with new_levels as (
    select * from jsonb_to_recordset($2::jsonb) as u (id bigint, available int, damaged int, incoming int, quality_control int, reserved int, safety_stock int)
  ), written as (
    update inventory_levels il set available = u.available, damaged = u.damaged, incoming = u.incoming,
      quality_control = u.quality_control, reserved = u.reserved, safety_stock = u.safety_stock, updated_at = $5
    from new_levels u where il.shop_id = $1 and il.id = any($3::bigint[]) and il.id = u.id
  ), ${stockFollowing('$4::bigint[]', 'new_levels')}
  insert into inventory_adjustment_groups (shop_id, reason, reference_document_uri, changes, idempotency_key, request_digest)
  values ($1, $6, $7, $8::jsonb, $9, $10)
  returning id, created_at as "createdAt", reason, reference_document_uri as "referenceDocumentUri", changes`);

/** The variants ($2) stock and availability, and their products' totals, after their levels changed. */
export const REFRESH_VARIANT_STOCK = preparedSql(`with no_levels as (select null::bigint as id, null::int as available where false),
  ${stockFollowing('$2::bigint[]', 'no_levels')}
  select count(*)::int as products from stocked_products`);

/** The group made with an idempotency key ($2), and the digest of the request that made it. */
export const GROUP_OF_KEY = preparedSql(`select id, created_at as "createdAt", reason, reference_document_uri as "referenceDocumentUri", changes,
  request_digest as "requestDigest" from inventory_adjustment_groups where shop_id = $1 and idempotency_key = $2`);

/** Holds the shop's idempotency key ($2) until the transaction ends: a second request with it waits, then replays. */
export const IDEMPOTENCY_LOCK = preparedSql(`select pg_advisory_xact_lock(hashtextextended('inventory.idempotency:' || $1::text || ':' || $2, 0))::text as locked`);

/** Stocks items ($2) at a location ($3) with $4 available each; existing levels stay. Answers the new levels' ids. */
export const ACTIVATE_LEVELS = preparedSql(`insert into inventory_levels (shop_id, variant_id, location_id, available)
  select $1, i.id, $3, i.available from unnest($2::bigint[], $4::int[]) as i (id, available)
  on conflict (variant_id, location_id) do nothing returning id`);

/** Stocks new variants ($2, with $3 available) at the shop's first active location. */
export const STOCK_AT_FIRST_LOCATION = preparedSql(`insert into inventory_levels (shop_id, variant_id, location_id, available)
  select $1, v.id, (select id from locations where shop_id = $1 and is_active order by id limit 1), v.available
  from unnest($2::bigint[], $3::int[]) as v (id, available)`);

/** The level $2, locked. */
export const LOCK_LEVEL = preparedSql(`select ${LEVEL_COLUMNS} from inventory_levels il where il.shop_id = $1 and il.id = $2 for update`);

export const DELETE_LEVEL = preparedSql(`delete from inventory_levels where shop_id = $1 and id = $2 returning variant_id as "itemId"`);

/** How many levels each item ($2) has. */
export const LEVEL_COUNTS = preparedSql(`select variant_id as "itemId", count(*)::int as n from inventory_levels where shop_id = $1 and variant_id = any($2::bigint[]) group by variant_id`);

/** How many levels the item ($2) has. */
export const LEVEL_COUNT = preparedSql(`select count(*)::int as n from inventory_levels where shop_id = $1 and variant_id = $2`);

/** The first active location of the shop stocking each tracked variant ($2): where orders take stock and restocks put it back. */
export const FIRST_LEVELS = preparedSql(`select ${LEVEL_COLUMNS}, v.tracked from inventory_levels il join product_variants v on v.id = il.variant_id
  where il.id in (
    select distinct on (l2.variant_id) l2.id from inventory_levels l2 join locations loc on loc.id = l2.location_id
    where l2.shop_id = $1 and l2.variant_id = any($2::bigint[]) and loc.is_active order by l2.variant_id, l2.location_id
  ) order by il.id for update of il`);

export const CREATE_LOCATION = preparedSql(`insert into locations as l (shop_id, name, address1, city, province_code, country_code, zip)
  values ($1, $2, $3, $4, $5, $6, $7) on conflict (shop_id, name) do update set updated_at = l.updated_at returning ${LOCATION_COLUMNS}`);
