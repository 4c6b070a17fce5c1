import { idOfType } from '@platform/ids';
import type { VariantInput } from '../../admin/variant-input.rules.js';
import type { ProductVariantSetInput } from './product-set.args.js';
import type { ProductVariantsBulkInput } from './variant-mutations.args.js';

/** A variant of the bulk mutations or of productSet in the catalog's terms: ids to numbers (0 names nothing). */
export function variantInputOf(input: ProductVariantsBulkInput | ProductVariantSetInput): VariantInput {
  return {
    id: input.id == null ? input.id : (idOfType(input.id, 'ProductVariant') ?? 0),
    price: input.price,
    compareAtPrice: input.compareAtPrice,
    barcode: input.barcode,
    taxable: input.taxable,
    sku: input.inventoryItem?.sku,
    tracked: input.inventoryItem?.tracked,
    requiresShipping: input.inventoryItem?.requiresShipping,
    cost: input.inventoryItem?.cost,
    optionValues: input.optionValues?.map((v) => ({ name: v.name, optionName: v.optionName, optionId: v.optionId == null ? v.optionId : (idOfType(v.optionId, 'ProductOption') ?? 0) })),
    metafields: input.metafields,
  };
}
