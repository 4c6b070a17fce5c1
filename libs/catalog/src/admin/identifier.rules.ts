import type { CustomId } from '@platform/metafields';

/** `productByIdentifier`, `collectionByIdentifier`, `productSet`: exactly one of them. */
export type CatalogIdentifier = { id: number } | { handle: string } | { customId: CustomId };

const MAX_HANDLE_LENGTH = 1_000;

/** Whether a handle can name a row at all: a lookup of one that cannot is answered null without a statement. */
export function isLookupHandle(handle: string): boolean {
  return handle.length > 0 && handle.length <= MAX_HANDLE_LENGTH && !handle.includes('\u0000');
}
