// Every SQL statement of storefront catalog reads, in one reviewable place. Each is scoped by shop_id ($1).

import type { ReadShape } from '../catalog.records.js';

/** A product as cards show it (`ReadShape` card). */
export const PRODUCT_CARD_COLUMNS = `p.id, p.handle, p.title, p.vendor, p.product_type as "productType",
  p.min_price as "minPrice", p.max_price as "maxPrice", p.min_compare_at_price as "minCompareAtPrice",
  p.max_compare_at_price as "maxCompareAtPrice", p.available_for_sale as "availableForSale", p.total_inventory as "totalInventory"`;

/** `ProductDetail`. */
export const PRODUCT_DETAIL_COLUMNS = `p.description_html as "descriptionHtml", p.tags, p.created_at as "createdAt", p.updated_at as "updatedAt",
  p.published_at as "publishedAt"`;

export const PRODUCT_COLUMNS = `${PRODUCT_CARD_COLUMNS}, ${PRODUCT_DETAIL_COLUMNS}`;

export const productColumns = (shape: ReadShape): string => (shape === 'full' ? PRODUCT_COLUMNS : PRODUCT_CARD_COLUMNS);

/** Listed on the storefront (lists, collections, search): active and published. */
export const PRODUCT_VISIBLE = `p.status = 'active' and p.published_at is not null and p.published_at <= now()`;

/** Reachable by handle or id (a link, a cart line): listed, or unlisted and published. */
export const PRODUCT_REACHABLE = `p.status in ('active', 'unlisted') and p.published_at is not null and p.published_at <= now()`;

export const COLLECTION_COLUMNS = `c.id, c.handle, c.title, c.description_html as "descriptionHtml", c.updated_at as "updatedAt"`;

export const PRODUCTS_BY_IDS = `select ${PRODUCT_COLUMNS} from products p where p.shop_id = $1 and p.id = any($2::bigint[]) and ${PRODUCT_REACHABLE}`;

export const PRODUCT_BY_HANDLE = `select ${PRODUCT_COLUMNS} from products p where p.shop_id = $1 and p.handle = $2 and ${PRODUCT_REACHABLE}`;

export const COLLECTIONS_BY_IDS = `select ${COLLECTION_COLUMNS} from collections c where c.shop_id = $1 and c.id = any($2::bigint[])`;

export const COLLECTION_BY_HANDLE = `select ${COLLECTION_COLUMNS} from collections c where c.shop_id = $1 and c.handle = $2`;

/** A variant as cards show it (`ReadShape` card). */
export const VARIANT_CARD_COLUMNS = `v.id, v.product_id as "productId", v.price, v.compare_at_price as "compareAtPrice", v.position,
  v.inventory_quantity as "inventoryQuantity", v.available_for_sale as "availableForSale"`;

/** `VariantDetail`. */
export const VARIANT_DETAIL_COLUMNS = `v.title, v.sku, v.option1, v.option2, v.option3`;

export const variantColumns = (shape: ReadShape): string => (shape === 'full' ? `${VARIANT_CARD_COLUMNS}, ${VARIANT_DETAIL_COLUMNS}` : VARIANT_CARD_COLUMNS);

export const VARIANTS_BY_IDS = `select ${variantColumns('full')}
  from product_variants v join products p on p.id = v.product_id
  where v.shop_id = $1 and v.id = any($2::bigint[]) and ${PRODUCT_REACHABLE}`;

// Details of records already read (and so already checked visible).
export const PRODUCT_DETAILS_BY_IDS = `select p.id, ${PRODUCT_DETAIL_COLUMNS} from products p where p.shop_id = $1 and p.id = any($2::bigint[])`;
export const VARIANT_DETAILS_BY_IDS = `select v.id, ${VARIANT_DETAIL_COLUMNS} from product_variants v where v.shop_id = $1 and v.id = any($2::bigint[])`;

export const OPTIONS_OF_PRODUCTS = `select o.id, o.product_id as "productId", o.name, o.position, o.values, o.value_ids as "valueIds"
  from product_options o where o.shop_id = $1 and o.product_id = any($2::bigint[]) order by o.product_id, o.position, o.id`;

// Images show once READY: a download still running or failed is not one of the product's images to a buyer.
const IMAGE_COLUMNS = `i.id, i.product_id as "productId", i.position, i.src, i.file_key as "fileKey", i.updated_at as "updatedAt", i.alt, i.width, i.height`;

export const FEATURED_IMAGES_OF_PRODUCTS = `select distinct on (i.product_id) ${IMAGE_COLUMNS}
  from product_images i where i.shop_id = $1 and i.product_id = any($2::bigint[]) and i.status = 'READY' order by i.product_id, i.position, i.id`;

// Nested connections (`childrenPageSql` of @platform/paging pages them per parent): columns and `from` per list.
export const VARIANTS_FROM = `product_variants v where v.shop_id = $1 and v.product_id = any($2::bigint[])`;

export const IMAGE_PAGE_COLUMNS = `${IMAGE_COLUMNS}, i.position as "sortValue"`;
export const IMAGES_FROM = `product_images i where i.shop_id = $1 and i.product_id = any($2::bigint[]) and i.status = 'READY'`;

export const COLLECTIONS_OF_PRODUCTS_COLUMNS = `${COLLECTION_COLUMNS}, c.id as "sortValue"`;
export const COLLECTIONS_OF_PRODUCTS_FROM = `collection_products cp join collections c on c.id = cp.collection_id
  where cp.shop_id = $1 and cp.product_id = any($2::bigint[])`;
