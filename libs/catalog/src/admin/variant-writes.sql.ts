import { preparedSql } from '@platform/database';

// The bulk variant writes (productVariantsBulkCreate, Update, Delete): a constant number of statements whatever the
// number of variants, each scoped by shop_id ($1).

/** Locks the product $2 for the write: two writes of one product's variants take turns. */
export const LOCK_PRODUCT = preparedSql(`select id from products where shop_id = $1 and id = $2 for update`);

export const OPTIONS_OF_PRODUCT = preparedSql(`select id, name, position, values, value_ids as "valueIds" from product_options where shop_id = $1 and product_id = $2 order by position, id`);

export const VARIANTS_OF_PRODUCT = preparedSql(`select id, title, option1, option2, option3, position from product_variants
  where shop_id = $1 and product_id = $2 order by position, id`);

/** Sets the values of options ($2: `[{id, values}]`); each keeps the id of its name (the table's trigger). */
export const SET_OPTION_VALUES = preparedSql(`update product_options o set values = u.values, value_ids = '{}', updated_at = $3
  from jsonb_to_recordset($2::jsonb) as u (id bigint, values text[]) where o.shop_id = $1 and o.id = u.id`);

/**
 * Changes variants ($2: `[{id, …}]`): null leaves a field; compare-at price, barcode, SKU, unit cost and the option values
 * change when their flag is set (null is a value they take). updated_at is $3.
 */
export const UPDATE_VARIANTS = preparedSql(`update product_variants v set
    price = coalesce(u.price, v.price),
    compare_at_price = case when u.set_compare_at_price then u.compare_at_price else v.compare_at_price end,
    barcode = case when u.set_barcode then u.barcode else v.barcode end,
    sku = case when u.set_sku then u.sku else v.sku end,
    taxable = coalesce(u.taxable, v.taxable),
    tracked = coalesce(u.tracked, v.tracked),
    requires_shipping = coalesce(u.requires_shipping, v.requires_shipping),
    unit_cost = case when u.set_unit_cost then u.unit_cost else v.unit_cost end,
    option1 = case when u.set_options then u.option1 else v.option1 end,
    option2 = case when u.set_options then u.option2 else v.option2 end,
    option3 = case when u.set_options then u.option3 else v.option3 end,
    title = coalesce(u.title, v.title),
    position = coalesce(u.position, v.position),
    updated_at = $3
  from jsonb_to_recordset($2::jsonb) as u (id bigint, price numeric, set_compare_at_price boolean, compare_at_price numeric,
    set_barcode boolean, barcode text, set_sku boolean, sku text, taxable boolean, tracked boolean, requires_shipping boolean,
    set_unit_cost boolean, unit_cost numeric, set_options boolean, option1 text, option2 text, option3 text, title text, position int)
  where v.shop_id = $1 and v.id = u.id`);

/**
 * Sets options' positions and values ($2: `[{id, position, values, name?, value_ids?}]`). Without `value_ids` a value
 * keeps the id of the old value of its name; with them (null for a new value) the ids are those (the table's trigger).
 */
export const SET_OPTIONS = preparedSql(`update product_options o set position = u.position, values = u.values,
    name = coalesce(u.name, o.name), value_ids = coalesce(u.value_ids, '{}'), updated_at = $3
  from jsonb_to_recordset($2::jsonb) as u (id bigint, position int, values text[], name text, value_ids bigint[]) where o.shop_id = $1 and o.id = u.id`);

/** Deletes options ($2). */
export const DELETE_OPTIONS = preparedSql(`delete from product_options where shop_id = $1 and id = any($2::bigint[])`);

/** Deletes the variants $3 of the product $2. */
export const DELETE_VARIANTS = preparedSql(`delete from product_variants where shop_id = $1 and product_id = $2 and id = any($3::bigint[])`);

/** Numbers the product's variants 1, 2, 3… in their order (after a delete or a standalone variant's removal). */
export const RENUMBER_VARIANTS = preparedSql(`update product_variants v set position = r.n from (
    select id, row_number() over (order by position, id)::int as n from product_variants where shop_id = $1 and product_id = $2
  ) r where v.id = r.id and v.position <> r.n`);

