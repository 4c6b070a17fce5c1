import { preparedSql } from '@platform/database';
import { MEDIA_BY_IDS } from './product-admin.sql.js';

// The product image resource's statements: one product's images (at most 250), their order and their variants.

const IMAGE_COLUMNS = `i.id, i.product_id as "productId", i.position, i.created_at as "createdAt", i.updated_at as "updatedAt", i.alt,
  i.width, i.height, i.src, i.file_key as "fileKey", i.status,
  coalesce((select array_agg(v.id order by v.id) from product_variants v where v.shop_id = i.shop_id and v.image_id = i.id), '{}') as "variantIds"`;

/** The product $2's images after the id $3 (0 for all), in display order. */
export const IMAGES_OF_PRODUCT = preparedSql(`select ${IMAGE_COLUMNS} from product_images i
  where i.shop_id = $1 and i.product_id = $2 and i.id > $3 order by i.position, i.id`);

/** The image $3 of the product $2. */
export const IMAGE_OF_PRODUCT = preparedSql(`select ${IMAGE_COLUMNS} from product_images i where i.shop_id = $1 and i.product_id = $2 and i.id = $3`);

/** How many images the product $2 has after the id $3 (0 for all). */
export const COUNT_IMAGES = preparedSql(`select count(*)::int as count from product_images where shop_id = $1 and product_id = $2 and id > $3`);

/** The ids of the product $2's images in display order (the product locked by the caller). */
export const IMAGE_ORDER = preparedSql(`select id from product_images where shop_id = $1 and product_id = $2 order by position, id`);

export const INSERT_IMAGE = preparedSql(`insert into product_images
  (shop_id, product_id, position, src, alt, width, height, file_key, mime_type, original_source, status, created_at, updated_at)
  values ($1, $2, $3, '', $4, $5, $6, $7, $8, $9, $10, $11, $11) returning id`);

/** Positions 1… in the order of $2 (ids): only rows that move are written. */
export const SET_IMAGE_ORDER = preparedSql(`update product_images i set position = o.n
  from unnest($2::bigint[]) with ordinality as o (id, n) where i.shop_id = $1 and i.id = o.id and i.position <> o.n`);

/** The alt text ($4, when $3) and updated_at ($5) of the image $2. */
export const UPDATE_IMAGE = preparedSql(`update product_images set alt = case when $3 then $4 else alt end, updated_at = $5
  where shop_id = $1 and id = $2`);

/** The image $3's variants become exactly $4 (variants of the product $2): those given point at it, its others at none. */
export const LINK_VARIANTS = preparedSql(`update product_variants set image_id = case when id = any($4::bigint[]) then $3::bigint end
  where shop_id = $1 and product_id = $2 and (id = any($4::bigint[]) or image_id = $3)`);

/** Which of the ids $3 are variants of the product $2. */
export const VARIANTS_OF_PRODUCT_AMONG = preparedSql(`select id from product_variants where shop_id = $1 and product_id = $2 and id = any($3::bigint[])`);


/** Starts a try of the image $2's download (one waiting or whose last try did not finish): its source and the tries so far. */
export const START_DOWNLOAD = preparedSql(`update product_images set status = 'PROCESSING', download_attempts = download_attempts + 1
  where shop_id = $1 and id = $2 and status in ('UPLOADED', 'PROCESSING') returning original_source as "originalSource", download_attempts as "attempts"`);

/** The downloaded file of the image $2 ($3 key, $4 type, $5 × $6) at $7: READY. Answers nothing when the image went meanwhile. */
export const FINISH_DOWNLOAD = preparedSql(`update product_images set file_key = $3, mime_type = $4, width = $5, height = $6, status = 'READY',
  media_errors = '[]', updated_at = $7 where shop_id = $1 and id = $2 and status = 'PROCESSING' returning id`);

/** The image $2's download failed for good ($3: its media errors) at $4. */
export const FAIL_DOWNLOAD = preparedSql(`update product_images set status = 'FAILED', media_errors = $3::jsonb, updated_at = $4
  where shop_id = $1 and id = $2 and status = 'PROCESSING'`);

/** Images of the product $2 from sources ($4 URLs, $5 alt texts), after its $3 images, waiting for their downloads at $6. */
export const INSERT_SOURCES = preparedSql(`insert into product_images (shop_id, product_id, position, src, alt, original_source, status, created_at, updated_at)
  select $1, $2, $3 + o.n, '', o.alt, o.source, 'UPLOADED', $6, $6 from unnest($4::text[], $5::text[]) with ordinality as o (source, alt, n)
  returning id`);

/** The shop's new files ($2 sources, $3 alt texts): of no product yet, UPLOADED, each to download. */
export const INSERT_FILES = preparedSql(`insert into product_images (shop_id, src, alt, original_source, status, created_at, updated_at)
  select $1, '', o.alt, o.source, 'UPLOADED', $4, $4 from unnest($2::text[], $3::text[]) with ordinality as o (source, alt, n) order by o.n
  returning id`);

/** The shop's files of no product among $2, locked: those a product may take. */
export const FREE_FILES = preparedSql(`select id from product_images where shop_id = $1 and product_id is null and id = any($2::bigint[]) for update`);

/** The files $3 join the product $2, after its images (their places set after). */
export const ATTACH_FILES = preparedSql(`update product_images set product_id = $2, position = 2147483647, updated_at = $4
  where shop_id = $1 and product_id is null and id = any($3::bigint[])`);

/** Which of $2 are the shop's media, with the product each is on (null: a file of no product). */
export const MEDIA_PRODUCTS = preparedSql(`select id, product_id as "productId" from product_images where shop_id = $1 and id = any($2::bigint[])`);

/** Deletes the shop's files of no product among $2; answers their ids and files' keys. */
export const DELETE_FREE_FILES = preparedSql(`delete from product_images where shop_id = $1 and product_id is null and id = any($2::bigint[])
  returning id, file_key as "fileKey"`);

/** Each image of $2 gets the alt text at its index in $3 (productSet's `files`). */
export const SET_IMAGE_ALTS = preparedSql(`update product_images i set alt = a.alt, updated_at = $4
  from unnest($2::bigint[], $3::text[]) as a (id, alt) where i.shop_id = $1 and i.id = a.id`);

/** Deletes the images $3 of the product $2; answers their ids and files' keys. */
export const DELETE_IMAGES = preparedSql(`delete from product_images where shop_id = $1 and product_id = $2 and id = any($3::bigint[])
  returning id, file_key as "fileKey"`);

/** Media by id ($2) in display order (the media a write made). */
export const MEDIA_OF_IDS = preparedSql(`${MEDIA_BY_IDS} order by i.position, i.id`);

/** The variants $3 of the product $2 with the image each shows. */
export const VARIANT_IMAGES = preparedSql(`select id, image_id as "imageId" from product_variants where shop_id = $1 and product_id = $2 and id = any($3::bigint[])`);

/** The status of each image $3 of the product $2. */
export const IMAGE_STATUSES = preparedSql(`select id, status from product_images where shop_id = $1 and product_id = $2 and id = any($3::bigint[])`);

/** Each variant $2[i] shows the image $3[i] (null: none). */
export const SET_VARIANT_IMAGES = preparedSql(`update product_variants v set image_id = x.image_id, updated_at = $4
  from unnest($2::bigint[], $3::bigint[]) as x (id, image_id) where v.shop_id = $1 and v.id = x.id`);

/** Which of the file keys $2 no image of the shop shows any more (a kept file may be shown by several). */
export const UNREFERENCED_FILES = preparedSql(`select k.key from unnest($2::text[]) as k (key)
  where not exists (select 1 from product_images i where i.shop_id = $1 and i.file_key = k.key)`);
