import { plainText } from '@platform/html';
import { toGlobalId } from '@platform/ids';
import type { AdminProductRecord } from '../../admin/product-admin.records.js';
import type { AdminProduct, AdminSeo } from './product.type.js';

// Records to admin views: plain fields copied, derived ones (ids, the description's text, the status' name) getters
// computed only when the query selects them. `record` stays for the field resolvers (the status and whether it is
// published now depend on the request's version and clock).

class ProductView implements Omit<AdminProduct, 'status' | 'publishedOnCurrentPublication'> {
  readonly __typename = 'Product';
  readonly title: string;
  readonly handle: string;
  readonly descriptionHtml: string;
  readonly vendor: string;
  readonly productType: string;
  readonly tags: string[];
  readonly totalInventory: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly publishedAt: Date | null;

  constructor(readonly record: AdminProductRecord) {
    this.title = record.title;
    this.handle = record.handle;
    this.descriptionHtml = record.descriptionHtml;
    this.vendor = record.vendor;
    this.productType = record.productType;
    this.tags = record.tags;
    this.totalInventory = record.totalInventory;
    this.createdAt = record.createdAt;
    this.updatedAt = record.updatedAt;
    this.publishedAt = record.publishedAt;
  }

  get id(): string {
    return toGlobalId('Product', this.record.id);
  }

  get legacyResourceId(): string {
    return String(this.record.id);
  }

  get description(): string {
    return plainText(this.record.descriptionHtml);
  }

  get seo(): AdminSeo {
    return { title: this.record.seoTitle, description: this.record.seoDescription };
  }
}

export function adminProductView(record: AdminProductRecord): AdminProduct {
  return new ProductView(record) as AdminProduct;
}
