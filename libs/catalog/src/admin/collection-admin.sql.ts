// Every SQL statement of the admin collection reads, in one reviewable place. Each is scoped by shop_id ($1).

import { COLLECTION_COLUMNS } from '../storefront/catalog.sql.js';
import { ADMIN_PRODUCT_COLUMNS } from './product-admin.sql.js';

/** A page of collections: `$2` the limit, the filter's and the cursor's values after it. */
export function adminCollectionPageSql(options: { sortExpression: string; where: readonly string[]; orderBy: string }): string {
  return `select ${COLLECTION_COLUMNS}, (${options.sortExpression})::text as "sortValue" from collections c
    where c.shop_id = $1${options.where.map((w) => ` and ${w}`).join('')}
    order by ${options.orderBy} limit $2`;
}

/** How many collections the conditions select. */
export function adminCollectionCountSql(where: readonly string[]): string {
  return `select count(*)::int as n from collections c where c.shop_id = $1${where.map((w) => ` and ${w}`).join('')}`;
}

export const ADMIN_COLLECTION_BY_HANDLE = `select ${COLLECTION_COLUMNS} from collections c where c.shop_id = $1 and c.handle = $2`;

/** How many products each collection `$2` holds, in any status. */
export const PRODUCT_COUNTS_OF_COLLECTIONS = `select cp.collection_id as "collectionId", count(*)::int as n
  from collection_products cp where cp.shop_id = $1 and cp.collection_id = any($2::bigint[]) group by cp.collection_id`;

// A collection's products in any status, paged per collection (`childPagesLoader`).
export const COLLECTION_PRODUCT_COLUMNS = `${ADMIN_PRODUCT_COLUMNS}, cp.position as "sortValue"`;
export const COLLECTION_PRODUCTS_FROM = `collection_products cp join products p on p.id = cp.product_id
  where cp.shop_id = $1 and cp.collection_id = any($2::bigint[])`;
