// What storefront reads return: plain rows, no ORM entities (hot path).

export interface ProductRecord {
  id: number;
  handle: string;
  title: string;
  descriptionHtml: string;
  vendor: string;
  productType: string;
  tags: string[];
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
  minPrice: string;
  maxPrice: string;
  minCompareAtPrice: string | null;
  maxCompareAtPrice: string | null;
  availableForSale: boolean;
  totalInventory: number;
}

export interface VariantRecord {
  id: number;
  productId: number;
  title: string;
  sku: string | null;
  price: string;
  compareAtPrice: string | null;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  position: number;
  inventoryQuantity: number;
  availableForSale: boolean;
}

export interface ImageRecord {
  id: number;
  productId: number;
  position: number;
  src: string;
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
}

export interface CollectionRecord {
  id: number;
  handle: string;
  title: string;
  descriptionHtml: string;
  updatedAt: Date;
}

/** A page of a connection: rows with their cursors, and whether more lie beyond either end. */
export type { ListPage as Page } from '@platform/graphql';
