import { preparedSql } from '@platform/database';
import { tagsAfterSql } from '@platform/tags';
import { ADMIN_PRODUCT_COLUMNS } from './product-admin.sql.js';

// The merchant's product writes (productCreate, productUpdate, productDelete, tags, publishing). Each is scoped by
// shop_id ($1) and answers the product as the admin reads it.

/** Handles of the shop equal to $2 or of the form `$2-<n>`: what a handle generated from a title must avoid. */
export const HANDLES_LIKE = preparedSql(`select handle from products where shop_id = $1 and (handle = $2 or handle like $2 || '-%')`);

/** Whether a product ($3 excepted, 0 for none) has the handle $2. */
export const HANDLE_TAKEN = preparedSql(`select 1 from products where shop_id = $1 and handle = $2 and id <> $3`);

/**
 * Changes the fields given (null leaves one as it is; the SEO texts change when their flag is true) and sets
 * updated_at ($14); the product $2, locked by the statement itself.
 */
export const UPDATE_PRODUCT = preparedSql(`update products p set
    title = coalesce($3, p.title), handle = coalesce($4, p.handle), description_html = coalesce($5, p.description_html),
    vendor = coalesce($6, p.vendor), product_type = coalesce($7, p.product_type), status = coalesce($8, p.status),
    tags = coalesce($9::text[], p.tags),
    seo_title = case when $10::boolean then $11 else p.seo_title end,
    seo_description = case when $12::boolean then $13 else p.seo_description end,
    updated_at = $14
  where p.shop_id = $1 and p.id = $2
  returning ${ADMIN_PRODUCT_COLUMNS}`);

/** The product $2 as the admin reads it (after a write in the same transaction). */
export const PRODUCT_AFTER_WRITE = preparedSql(`select ${ADMIN_PRODUCT_COLUMNS} from products p where p.shop_id = $1 and p.id = $2`);

/** Deletes the product $2 (its options, variants, images and collection places go with it); answers its variants' ids. */
export const DELETE_PRODUCT = preparedSql(`with gone as (delete from products where shop_id = $1 and id = $2 returning id)
  select gone.id, coalesce((select array_agg(v.id) from product_variants v where v.shop_id = $1 and v.product_id = gone.id), '{}') as "variantIds",
    coalesce((select array_agg(i.file_key) from product_images i where i.shop_id = $1 and i.product_id = gone.id and i.file_key is not null), '{}') as "fileKeys",
    coalesce((select array_agg(i.id) from product_images i where i.shop_id = $1 and i.product_id = gone.id), '{}') as "imageIds"
  from gone`);

/** Collections of the shop among $2. */
export const EXISTING_COLLECTION_IDS = preparedSql(`select id from collections where shop_id = $1 and id = any($2::bigint[])`);

/** Puts the product $2 last in each collection $3 it is not in yet. */
export const JOIN_COLLECTIONS = preparedSql(`insert into collection_products (shop_id, collection_id, product_id, position)
  select $1, c.id, $2, coalesce((select max(cp.position) from collection_products cp where cp.collection_id = c.id), 0) + 1
  from unnest($3::bigint[]) as c (id)
  on conflict (collection_id, product_id) do nothing`);

/** Takes the product $2 out of the collections $3. */
export const LEAVE_COLLECTIONS = preparedSql(`delete from collection_products where shop_id = $1 and product_id = $2 and collection_id = any($3::bigint[])`);

/** tagsAdd/tagsRemove: adds $3 and removes $4 at $6 in one statement; no row when the product is not the shop's or would pass $5 tags. */
export const CHANGE_PRODUCT_TAGS = preparedSql(`update products p set tags = ${tagsAfterSql('p.tags', '$3::text[]', '$4::text[]')}, updated_at = $6
  where p.shop_id = $1 and p.id = $2 and cardinality(${tagsAfterSql('p.tags', '$3::text[]', '$4::text[]')}) <= $5
  returning ${ADMIN_PRODUCT_COLUMNS}`);

/** publishablePublish/Unpublish on the online store: published_at set to $3 (null unpublishes). */
export const SET_PRODUCT_PUBLISHED_AT = preparedSql(`update products p set published_at = $3, updated_at = $4 where p.shop_id = $1 and p.id = $2
  returning ${ADMIN_PRODUCT_COLUMNS}`);

/** Whether the product $2 is the shop's. */
export const PRODUCT_EXISTS = preparedSql(`select 1 from products where shop_id = $1 and id = $2`);

/** productSet's product by handle ($2), locked for the write. */
export const PRODUCT_BY_HANDLE_FOR_SET = preparedSql(`select id from products where shop_id = $1 and handle = $2 for update`);

/** The collections the product $2 is in. */
export const COLLECTIONS_OF_PRODUCT = preparedSql(`select collection_id as id from collection_products where shop_id = $1 and product_id = $2`);
