import type { ProductStatus } from './product.entity.js';

/** An option of a new product: its name and the values its variants use, in display order. */
export interface NewProductOption {
  name: string;
  values: string[];
}

export interface NewProductVariant {
  /** Defaults to the option values joined with ' / '. */
  title?: string;
  sku?: string | null;
  barcode?: string | null;
  /** Exact decimal string with at most two places, e.g. '19.99'. */
  price: string;
  compareAtPrice?: string | null;
  /** The variant's value for each of the product's options, in option order. */
  options: string[];
  inventoryQuantity?: number;
  /** Defaults to inventoryQuantity > 0. */
  availableForSale?: boolean;
  /** Whether stock is counted (true unless told: imported variants come with their stock). */
  tracked?: boolean;
  /** Charged tax (default true). */
  taxable?: boolean;
  /** Shipped to the buyer (default true). */
  requiresShipping?: boolean;
  /** Its inventory item's unit cost, an exact decimal string. */
  unitCost?: string | null;
}

/** An image of a new product: an external URL (`src`), or a file kept by the media part (`fileKey`, its type). */
export interface NewProductImage {
  src?: string;
  fileKey?: string | null;
  mimeType?: string | null;
  alt?: string | null;
  width?: number | null;
  height?: number | null;
}

/** A product to import with its options, variants and images. */
export interface NewProduct {
  handle: string;
  title: string;
  descriptionHtml?: string;
  vendor?: string;
  productType?: string;
  tags?: string[];
  status?: ProductStatus;
  publishedAt?: Date | null;
  /** The search-engine title and description; none means the title and the description's text. */
  seoTitle?: string | null;
  seoDescription?: string | null;
  /** At most three; none means the single `Title` option with one `Default Title` variant. */
  options: NewProductOption[];
  variants: NewProductVariant[];
  images?: NewProductImage[];
  /** Collections (of the same shop) the product joins, appended after their current products. */
  collectionIds?: number[];
}

/** A collection to import; `productIds` are placed in the given order. */
export interface NewCollection {
  handle: string;
  title: string;
  descriptionHtml?: string;
  productIds?: number[];
}
