import { toGlobalId } from '@platform/ids';
import type { VariantDetail, VariantRecord } from '../../catalog.records.js';
import type { AdminProductVariant } from './variant.type.js';

// A variant record to its admin view: ids derived when selected; selectedOptions, displayName and product come from
// the resolver (they read the product's options and the product).
class VariantView implements AdminProductVariant {
  readonly __typename = 'ProductVariant';
  readonly title: string;
  readonly sku: string | null;
  readonly price: string;
  readonly compareAtPrice: string | null;
  readonly position: number;
  readonly inventoryQuantity: number;
  readonly availableForSale: boolean;

  constructor(readonly record: VariantRecord & VariantDetail) {
    this.title = record.title;
    this.sku = record.sku;
    this.price = record.price;
    this.compareAtPrice = record.compareAtPrice;
    this.position = record.position;
    this.inventoryQuantity = record.inventoryQuantity;
    this.availableForSale = record.availableForSale;
  }

  get id(): string {
    return toGlobalId('ProductVariant', this.record.id);
  }

  get legacyResourceId(): string {
    return String(this.record.id);
  }
}

export function adminVariantView(record: VariantRecord & VariantDetail): AdminProductVariant {
  return new VariantView(record);
}
