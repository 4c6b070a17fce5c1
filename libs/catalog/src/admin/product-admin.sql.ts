// Every SQL statement of the admin product reads, in one reviewable place. Each is scoped by shop_id ($1).

/** A product as the merchant sees it: every status, published or not. */
export const ADMIN_PRODUCT_COLUMNS = `p.id, p.handle, p.title, p.description_html as "descriptionHtml", p.vendor, p.product_type as "productType",
  p.tags, p.status, p.published_at as "publishedAt", p.created_at as "createdAt", p.updated_at as "updatedAt",
  p.min_price as "minPrice", p.max_price as "maxPrice", p.total_inventory as "totalInventory"`;

/** A page of products: `$2` the limit, the filter's and the cursor's values after it. */
export function adminProductPageSql(options: { sortExpression: string; where: readonly string[]; orderBy: string }): string {
  return `select ${ADMIN_PRODUCT_COLUMNS}, (${options.sortExpression})::text as "sortValue" from products p
    where p.shop_id = $1${options.where.map((w) => ` and ${w}`).join('')}
    order by ${options.orderBy} limit $2`;
}

/** How many products the conditions select, at most `$2` (the count's limit) when given. */
export function adminProductCountSql(where: readonly string[], limited: boolean): string {
  const from = `from products p where p.shop_id = $1${where.map((w) => ` and ${w}`).join('')}`;
  return limited ? `select count(*)::int as n from (select 1 ${from} limit $2) x` : `select count(*)::int as n ${from}`;
}

export const ADMIN_PRODUCTS_BY_IDS = `select ${ADMIN_PRODUCT_COLUMNS} from products p where p.shop_id = $1 and p.id = any($2::bigint[])`;

export const ADMIN_PRODUCT_BY_HANDLE = `select ${ADMIN_PRODUCT_COLUMNS} from products p where p.shop_id = $1 and p.handle = $2`;
