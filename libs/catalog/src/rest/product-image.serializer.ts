import { toGlobalId } from '@platform/ids';
import type { ProductImageRecord } from '../admin/product-image.records.js';
import { imageUrl } from '../image-url.js';

/** The REST image object, keys in the hosted platform's order; `src` as `imageUrl` gives it. */
export function restProductImage(image: ProductImageRecord, origin: string) {
  return {
    id: image.id,
    alt: image.alt,
    position: image.position,
    product_id: image.productId,
    created_at: image.createdAt,
    updated_at: image.updatedAt,
    admin_graphql_api_id: toGlobalId('ProductImage', image.id),
    width: image.width,
    height: image.height,
    src: imageUrl(image, origin),
    variant_ids: image.variantIds,
  };
}
