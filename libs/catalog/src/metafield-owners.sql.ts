import { preparedSql } from '@platform/database';

// Which of the ids $2 are products, variants or collections of the shop $1: what the metafields' owner registry asks
// before a metafield is written for them. Inside the write's transaction the rows stay locked against deletion until it ends.

export const EXISTING_PRODUCTS = preparedSql(`select id from products where shop_id = $1 and id = any($2::bigint[]) for key share`);
export const EXISTING_VARIANTS = preparedSql(`select id from product_variants where shop_id = $1 and id = any($2::bigint[]) for key share`);
export const EXISTING_COLLECTIONS = preparedSql(`select id from collections where shop_id = $1 and id = any($2::bigint[]) for key share`);
export const EXISTING_IMAGES = preparedSql(`select id from product_images where shop_id = $1 and id = any($2::bigint[]) for key share`);
