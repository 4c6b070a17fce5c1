import { preparedSql } from '@platform/database';

/** The keys $2 of the shop's new staged targets, made at $3. */
export const INSERT_STAGED_UPLOADS = preparedSql(`insert into staged_uploads (shop_id, file_key, created_at, updated_at)
  select $1, k.key, $3, $3 from unnest($2::text[]) as k (key)`);

/** Forgets the shop's staged uploads made before $2; answers their keys. */
export const DELETE_STALE_STAGED_UPLOADS = preparedSql(`delete from staged_uploads where shop_id = $1 and created_at < $2 returning file_key as "fileKey"`);
