import type { ProductStatus } from '../product.entity.js';

/** A product as the merchant sees it (any status, published or not), from `ADMIN_PRODUCT_COLUMNS`. */
export interface AdminProductRecord {
  id: number;
  handle: string;
  title: string;
  descriptionHtml: string;
  vendor: string;
  productType: string;
  tags: string[];
  status: ProductStatus;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  minPrice: string;
  maxPrice: string;
  totalInventory: number;
  seoTitle: string | null;
  seoDescription: string | null;
}
