import { preparedSql } from '@platform/database';

// Which of the ids $2 are pages, blogs or articles of the shop $1: what the metafields' owner registry asks before a
// metafield is written for them. Inside the write's transaction the rows stay locked against deletion until it ends.

export const EXISTING_PAGES = preparedSql(`select id from pages where shop_id = $1 and id = any($2::bigint[]) for key share`);
export const EXISTING_BLOGS = preparedSql(`select id from blogs where shop_id = $1 and id = any($2::bigint[]) for key share`);
export const EXISTING_ARTICLES = preparedSql(`select id from articles where shop_id = $1 and id = any($2::bigint[]) for key share`);
