import type { ProductStatus } from '../product.entity.js';

/**
 * productCreate's and productUpdate's input in the catalog's terms (the edge turned global ids into numbers, enum
 * values into the domain's lowercase ones). Absent or null fields are left as they are.
 */
export interface ProductInput {
  title?: string | null;
  handle?: string | null;
  descriptionHtml?: string | null;
  vendor?: string | null;
  productType?: string | null;
  status?: ProductStatus | null;
  tags?: string[] | null;
  seo?: { title?: string | null; description?: string | null } | null;
  /** Create only: the options, each with its values; the product gets one variant, of each option's first value. */
  productOptions?: { name?: string | null; position?: number | null; values?: { name?: string | null }[] | null }[] | null;
  metafields?: { namespace?: string | null; key?: string | null; type?: string | null; value?: string | null }[] | null;
  /** Collection ids (0 for an id that names no collection). */
  collectionsToJoin?: number[] | null;
  collectionsToLeave?: number[] | null;
}
