import { type UserErrorView, userErrorsOf } from '@platform/errors';
import type { UserErrorCodeValue } from '@platform/graphql-types';
import type { TagError, TagErrorCode } from '@platform/tags';
import { type CatalogError, type CatalogErrorCode, type InventoryError, type InventoryErrorCode, InventoryErrors } from '../../catalog.errors.js';

// Every code of the catalog and the tag rules, as the schema's UserErrorCode.
const CODES: Record<CatalogErrorCode | TagErrorCode, UserErrorCodeValue> = {
  BLANK: 'BLANK',
  INVALID: 'INVALID',
  TOO_LONG: 'TOO_LONG',
  TAKEN: 'TAKEN',
  NOT_FOUND: 'NOT_FOUND',
  INPUT_MISMATCH: 'INVALID',
};

/** Problems as userErrors, their fields under the mutation's argument (`product`, `input`). */
export function userErrors(problems: readonly (CatalogError | TagError)[], under: string | undefined): UserErrorView<UserErrorCodeValue>[] {
  return userErrorsOf(problems, CODES, under);
}

// inventoryActivate / inventoryDeactivate answer the plain UserError: NOT_FOUND for what the shop lacks, INVALID else.
const INVENTORY_CODES = Object.fromEntries(
  (Object.keys(InventoryErrors) as InventoryErrorCode[]).map((code) => [code, code === 'NOT_FOUND' ? 'NOT_FOUND' : 'INVALID']),
) as Record<InventoryErrorCode, UserErrorCodeValue>;

export function inventoryUserErrors(problems: readonly InventoryError[]): UserErrorView<UserErrorCodeValue>[] {
  return userErrorsOf(problems, INVENTORY_CODES);
}
