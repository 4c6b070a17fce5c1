import { preparedSql } from '@platform/database';
import { COLLECTION_COLUMNS } from '../storefront/catalog.sql.js';

// The merchant's collection writes; each scoped by shop_id ($1), each answering the collection as the admin reads it.

export const COLLECTION_HANDLES_LIKE = preparedSql(`select handle from collections where shop_id = $1 and (handle = $2 or handle like $2 || '-%')`);

export const COLLECTION_HANDLE_TAKEN = preparedSql(`select 1 from collections where shop_id = $1 and handle = $2 and id <> $3`);

/** A new collection: handle $2, title $3, description $4 at $5. */
export const INSERT_COLLECTION = preparedSql(`insert into collections as c (shop_id, handle, title, description_html, created_at, updated_at)
  values ($1, $2, $3, $4, $5, $5) returning ${COLLECTION_COLUMNS}`);

/** Changes the fields given (null leaves one) of the collection $2 at $6. */
export const UPDATE_COLLECTION = preparedSql(`update collections c set title = coalesce($3, c.title), handle = coalesce($4, c.handle),
    description_html = coalesce($5, c.description_html), updated_at = $6
  where c.shop_id = $1 and c.id = $2 returning ${COLLECTION_COLUMNS}`);

export const DELETE_COLLECTION = preparedSql(`delete from collections where shop_id = $1 and id = $2 returning id`);

/** Locks the collection $2 for a change of its products (two changes take turns, positions stay distinct). */
export const LOCK_COLLECTION = preparedSql(`select id from collections where shop_id = $1 and id = $2 for update`);

/** Products of the shop among $2. */
export const EXISTING_PRODUCT_IDS = preparedSql(`select id from products where shop_id = $1 and id = any($2::bigint[])`);

/** Appends the products $3 (in order) after the collection $2's last product; those already in it stay where they are. */
export const APPEND_PRODUCTS = preparedSql(`insert into collection_products (shop_id, collection_id, product_id, position)
  select $1, $2, p.id, coalesce((select max(cp.position) from collection_products cp where cp.collection_id = $2), 0) + p.n
  from unnest($3::bigint[]) with ordinality as p (id, n)
  on conflict (collection_id, product_id) do nothing`);

export const REMOVE_PRODUCTS = preparedSql(`delete from collection_products where shop_id = $1 and collection_id = $2 and product_id = any($3::bigint[])`);

/** The collection $2's products in their order. */
export const PRODUCT_ORDER = preparedSql(`select product_id as id from collection_products where shop_id = $1 and collection_id = $2 order by position, id`);

/** Places the collection $2's products $3 at positions 1, 2, 3… in that order. */
export const SET_PRODUCT_ORDER = preparedSql(`update collection_products cp set position = o.n
  from unnest($3::bigint[]) with ordinality as o (id, n) where cp.shop_id = $1 and cp.collection_id = $2 and cp.product_id = o.id`);
