import { toGlobalId } from '@platform/ids';
import type { CollectionRecord, ImageRecord, OptionRecord, ProductRecord, VariantDetail, VariantRecord } from '../../catalog.records.js';
import type { StorefrontCollection } from './collection.type.js';
import type { StorefrontImage } from '@platform/graphql-types';
import { imageUrl } from '../../image-url.js';
import type { SelectedOption, StorefrontProduct, StorefrontProductOption, StorefrontProductVariant } from './product.type.js';

// Records to storefront views: plain objects with the scalar fields every read has, and the record for the
// field resolvers of nested lists and of the detail columns (which listings may not have read).

export function productView(record: ProductRecord): StorefrontProduct {
  return {
    __typename: 'Product',
    id: toGlobalId('Product', record.id),
    handle: record.handle,
    title: record.title,
    vendor: record.vendor,
    productType: record.productType,
    availableForSale: record.availableForSale,
    requiresSellingPlan: false,
    onlineStoreUrl: null,
    record,
  };
}

export function variantView(record: VariantRecord): StorefrontProductVariant {
  return {
    __typename: 'ProductVariant',
    id: toGlobalId('ProductVariant', record.id),
    availableForSale: record.availableForSale,
    currentlyNotInStock: record.availableForSale && record.inventoryQuantity <= 0,
    requiresShipping: true,
    record,
  };
}

export function collectionView(record: CollectionRecord): StorefrontCollection {
  return {
    __typename: 'Collection',
    id: toGlobalId('Collection', record.id),
    handle: record.handle,
    title: record.title,
    descriptionHtml: record.descriptionHtml,
    updatedAt: record.updatedAt,
    onlineStoreUrl: null,
    record,
  };
}

/** The image on `origin` (the request's): a kept file's URL is the shop domain's own. */
export function imageView(record: ImageRecord, origin: string): StorefrontImage {
  return { id: toGlobalId('ProductImage', record.id), url: imageUrl(record, origin) ?? '', altText: record.alt, width: record.width, height: record.height };
}

export function optionView(record: OptionRecord): StorefrontProductOption {
  return {
    __typename: 'ProductOption',
    id: toGlobalId('ProductOption', record.id),
    name: record.name,
    values: record.values,
    optionValues: record.values.map((name, i) => ({ id: toGlobalId('ProductOptionValue', record.valueIds[i]!), name })),
  };
}

/** A variant's option values paired with its product's option names, in option order. */
export function selectedOptions(variant: VariantDetail, options: OptionRecord[]): SelectedOption[] {
  const values = [variant.option1, variant.option2, variant.option3];
  return options.slice(0, 3).flatMap((option, i) => (values[i] === null ? [] : [{ name: option.name, value: values[i]! }]));
}
