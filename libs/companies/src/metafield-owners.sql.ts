import { preparedSql } from '@platform/database';

// Which of the ids $2 are companies of the shop $1: what the metafields' owner registry asks before a metafield is
// written for them. Inside the write's transaction the rows stay locked against deletion until it ends.
export const EXISTING_COMPANIES = preparedSql(`select id from companies where shop_id = $1 and id = any($2::bigint[]) for key share`);
