import { CACHE_FILL } from '@platform/database';

// The statement behind every authenticated request, in one reviewable place. Scoped by shop_id ($1);
// the token hash has a unique index, so this is one index probe and one installation row.

export const CALLER_BY_TOKEN = `${CACHE_FILL} select t.id as "tokenId", t.app_id as "appId", t.token_hash as "tokenHash", i.scopes
  from access_tokens t join app_installations i on i.shop_id = t.shop_id and i.app_id = t.app_id
  where t.shop_id = $1 and t.token_hash = $2 and t.kind = $3 and t.revoked_at is null`;

export interface CallerRow {
  tokenId: number;
  appId: number;
  tokenHash: string;
  scopes: string[];
}
