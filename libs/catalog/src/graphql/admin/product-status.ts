import { isFeatureAvailable } from '@platform/versioning';
import type { ProductStatus } from '../../product.entity.js';

// ProductStatus between the schema and the catalog, by API version: UNLISTED exists from 2025-10.

/** The schema's name of a status for a request of `version` (unlisted reads as ACTIVE before 2025-10). */
export function statusName(status: ProductStatus, version: string): string {
  return status === 'unlisted' && !isFeatureAvailable('unlistedProductStatus', version) ? 'ACTIVE' : status.toUpperCase();
}

/** The catalog's status of a schema value, or 'invalid' for UNLISTED before 2025-10 (the version cannot set it). */
export function statusOf(value: string, version: string): ProductStatus | 'invalid' {
  if (value === 'UNLISTED' && !isFeatureAvailable('unlistedProductStatus', version)) return 'invalid';
  return value.toLowerCase() as ProductStatus;
}
