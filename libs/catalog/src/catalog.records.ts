// What the catalog's services return: import results, and storefront reads as plain rows, no ORM entities
// (hot path). Listings read a product's or a variant's detail columns only when the query selects a field
// that needs them (`ReadShape`); the detail is otherwise read on demand (`productDetail`, `variantDetail`),
// so a record is never wrong, at worst one batched statement short.

/** `card`: what listings show (prices, title, availability); `full`: the detail columns too. */
export type ReadShape = 'card' | 'full';

/** A product's text, tags and dates: the costly columns to send and parse. */
export interface ProductDetail {
  descriptionHtml: string;
  tags: string[];
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
}

export interface ProductRecord extends Partial<ProductDetail> {
  id: number;
  handle: string;
  title: string;
  vendor: string;
  productType: string;
  minPrice: string;
  maxPrice: string;
  minCompareAtPrice: string | null;
  maxCompareAtPrice: string | null;
  availableForSale: boolean;
  totalInventory: number;
}

/** A variant's title, SKU and option values. */
export interface VariantDetail {
  title: string;
  sku: string | null;
  option1: string | null;
  option2: string | null;
  option3: string | null;
}

/** A variant as read in `shape`: with its detail when full. */
export type VariantOf<S extends ReadShape> = S extends 'full' ? VariantRecord & VariantDetail : VariantRecord;

export interface VariantRecord extends Partial<VariantDetail> {
  id: number;
  productId: number;
  price: string;
  compareAtPrice: string | null;
  position: number;
  inventoryQuantity: number;
  availableForSale: boolean;
}

export interface ImageRecord {
  id: number;
  productId: number;
  position: number;
  /** An imported image's URL; '' for a kept file (`fileKey`): `imageUrl` gives where either is. */
  src: string;
  fileKey: string | null;
  updatedAt: Date;
  alt: string | null;
  width: number | null;
  height: number | null;
}

export interface OptionRecord {
  id: number;
  productId: number;
  name: string;
  position: number;
  values: string[];
  /** The values' ids (`ProductOptionValue`), in the values' order. */
  valueIds: number[];
}

export interface CollectionRecord {
  id: number;
  handle: string;
  title: string;
  descriptionHtml: string;
  updatedAt: Date;
}

/** Ids of an imported product and its variants, in the order they were given. */
export interface ImportedProduct {
  id: number;
  handle: string;
  variants: { id: number; sku: string | null }[];
}

export interface ImportedCollection {
  id: number;
  handle: string;
}

/** What other contexts need to reference a variant (e.g. an order line). */
export interface VariantRef {
  id: number;
  productId: number;
  sku: string | null;
}
