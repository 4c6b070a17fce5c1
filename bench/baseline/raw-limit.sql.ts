// The three statements the platform runs for scenario 1's first page (libs/catalog/src/storefront: the
// products listing of catalog-storefront.service.ts with catalog.sql.ts' card columns, the featured images, and
// variants(first:) paged per product by @platform/paging's childrenPageSql). Copied here, not imported: the
// raw limit must not run the platform's code. They MUST match what the platform sends: every bench run compares
// them with the statements it counts for scenario 1 (sameStatements below) and stops when they differ. When the
// catalog's statements change, copy the new texts from that error message.

/** $1 shop, $2 page size + 1. */
export const RAW_PRODUCTS = `select p.id, p.handle, p.title, p.vendor, p.product_type as "productType",
  p.min_price as "minPrice", p.max_price as "maxPrice", p.min_compare_at_price as "minCompareAtPrice",
  p.max_compare_at_price as "maxCompareAtPrice", p.available_for_sale as "availableForSale", p.total_inventory as "totalInventory", (p.id)::text as "sortValue" from products p
      where p.shop_id = $1 and p.status = 'active' and p.published_at is not null and p.published_at <= now()
      order by p.id asc limit $2`;

/** $1 shop, $2 product ids. */
export const RAW_FEATURED_IMAGES = `select distinct on (i.product_id) i.id, i.product_id as "productId", i.position, i.src, i.file_key as "fileKey", i.updated_at as "updatedAt", i.alt, i.width, i.height
  from product_images i where i.shop_id = $1 and i.product_id = any($2::bigint[]) and i.status = 'READY' order by i.product_id, i.position, i.id`;

/** $1 shop, $2 product ids, $3 variants per product + 1. */
export const RAW_VARIANTS = `select * from (
    select v.id, v.product_id as "productId", v.price, v.compare_at_price as "compareAtPrice", v.position,
  v.inventory_quantity as "inventoryQuantity", v.available_for_sale as "availableForSale", v.position as "sortValue", v.product_id as "parentId",
      row_number() over (partition by v.product_id order by v.position asc, v.id asc) as rn
    from product_variants v where v.shop_id = $1 and v.product_id = any($2::bigint[]) 
  ) x where x.rn <= $3 order by x."parentId", x.rn`;

export const RAW_LIMIT_STATEMENTS = [RAW_PRODUCTS, RAW_FEATURED_IMAGES, RAW_VARIANTS];

const normalized = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Whether the platform's statements for one scenario 1 request (in any order; cache fills left out by the caller)
 * are the raw limit's, whitespace aside; otherwise what differs, to paste into this file.
 */
export function sameStatements(platform: string[]): { same: true } | { same: false; problem: string } {
  const expected = RAW_LIMIT_STATEMENTS.map(normalized).sort();
  const actual = platform.map(normalized).sort();
  if (expected.length === actual.length && expected.every((text, i) => text === actual[i])) return { same: true };
  const missing = expected.filter((text) => !actual.includes(text));
  const unknown = actual.filter((text) => !expected.includes(text));
  return {
    same: false,
    problem:
      `the platform runs ${platform.length} statement(s) for scenario 1 where the raw limit runs ${RAW_LIMIT_STATEMENTS.length}; ` +
      `not run by the platform: ${JSON.stringify(missing)}; run by the platform only: ${JSON.stringify(platform.filter((t) => unknown.includes(normalized(t))))}`,
  };
}
