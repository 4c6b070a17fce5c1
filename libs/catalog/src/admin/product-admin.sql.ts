// Every SQL statement of the admin product reads, in one reviewable place. Each is scoped by shop_id ($1).

import { variantColumns } from '../storefront/catalog.sql.js';

/** A product as the merchant sees it: every status, published or not. */
export const ADMIN_PRODUCT_COLUMNS = `p.id, p.handle, p.title, p.description_html as "descriptionHtml", p.vendor, p.product_type as "productType",
  p.tags, p.status, p.published_at as "publishedAt", p.created_at as "createdAt", p.updated_at as "updatedAt",
  p.min_price as "minPrice", p.max_price as "maxPrice", p.total_inventory as "totalInventory",
  p.seo_title as "seoTitle", p.seo_description as "seoDescription"`;

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

/** Variants by id, of products in any status (the storefront's read shows visible products' only). */
/** A variant's codes the storefront never reads (barcode, taxable): loaded only when the admin selects them. */
export const ADMIN_VARIANT_CODES = `select v.id, v.barcode, v.taxable from product_variants v where v.shop_id = $1 and v.id = any($2::bigint[])`;

/** A page of variants of products in any status: `$2` the limit, the filter's and the cursor's values after it. */
export function adminVariantPageSql(options: { sortExpression: string; where: readonly string[]; orderBy: string }): string {
  return `select ${variantColumns('full')}, (${options.sortExpression})::text as "sortValue" from product_variants v
    where v.shop_id = $1${options.where.map((w) => ` and ${w}`).join('')}
    order by ${options.orderBy} limit $2`;
}

export const ADMIN_VARIANTS_BY_IDS = `select ${variantColumns('full')} from product_variants v where v.shop_id = $1 and v.id = any($2::bigint[])`;

/** How many variants each product `$2` has, whether they are all the default variant, and whether any is tracked. */
export const VARIANT_COUNTS_OF_PRODUCTS = `select v.product_id as "productId", count(*)::int as n, bool_and(v.title = 'Default Title') as "defaultOnly",
  bool_or(v.tracked) as tracked
  from product_variants v where v.shop_id = $1 and v.product_id = any($2::bigint[]) group by v.product_id`;

/** The option values each product ($2) has variants of: `values[i]` for the option at position i + 1. */
export const USED_OPTION_VALUES = `select v.product_id as "productId",
    array_remove(array_agg(distinct v.option1), null) as o1, array_remove(array_agg(distinct v.option2), null) as o2,
    array_remove(array_agg(distinct v.option3), null) as o3
  from product_variants v where v.shop_id = $1 and v.product_id = any($2::bigint[]) group by v.product_id`;

// A product's images as media (every status), in display order.
const MEDIA_COLUMNS = `i.id, i.product_id as "productId", i.position, i.alt, i.width, i.height, i.src, i.file_key as "fileKey",
  i.mime_type as "mimeType", i.original_source as "originalSource", i.status, i.media_errors as "mediaErrors",
  i.created_at as "createdAt", i.updated_at as "updatedAt"`;
export const MEDIA_PAGE_COLUMNS = `${MEDIA_COLUMNS}, i.position as "sortValue"`;
export const MEDIA_FROM = `product_images i where i.shop_id = $1 and i.product_id = any($2::bigint[])`;
/** The media each variant $2 shows (at most one). */
export const VARIANT_MEDIA_FROM = `product_variants v join product_images i on i.id = v.image_id and i.shop_id = v.shop_id
  where v.shop_id = $1 and v.id = any($2::bigint[])`;
/** The first media of each product $2. */
export const FEATURED_MEDIA = `select distinct on (i.product_id) ${MEDIA_COLUMNS}
  from product_images i where i.shop_id = $1 and i.product_id = any($2::bigint[]) order by i.product_id, i.position, i.id`;
/** Media by id ($2), for node(id:). */
export const MEDIA_BY_IDS = `select ${MEDIA_COLUMNS} from product_images i where i.shop_id = $1 and i.id = any($2::bigint[])`;
