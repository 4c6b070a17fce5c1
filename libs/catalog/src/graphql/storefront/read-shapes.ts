import type { GraphQLResolveInfo } from 'graphql';
import { selectsAnyOf } from '@platform/graphql-types';
import type { ReadShape } from '../../catalog.records.js';

// The fields that need a record's detail columns. A field missing here still answers right (its resolver
// reads the detail on demand), one batched statement later; keep the lists whole.
const PRODUCT_DETAIL_FIELDS: ReadonlySet<string> = new Set(['descriptionHtml', 'description', 'tags', 'createdAt', 'updatedAt', 'publishedAt']);
const VARIANT_DETAIL_FIELDS: ReadonlySet<string> = new Set(['title', 'sku', 'selectedOptions']);

/** How a product list under this field should read its rows: full when the query selects any detail field. */
export function productShape(info: GraphQLResolveInfo): ReadShape {
  return selectsAnyOf(info, 'Product', PRODUCT_DETAIL_FIELDS) ? 'full' : 'card';
}

/** How a variant list under this field should read its rows (see productShape). */
export function variantShape(info: GraphQLResolveInfo): ReadShape {
  return selectsAnyOf(info, 'ProductVariant', VARIANT_DETAIL_FIELDS) ? 'full' : 'card';
}
