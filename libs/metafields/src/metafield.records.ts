import type { DomainError } from '@platform/errors';
import type { MetafieldOwnerType } from './metafield.entity.js';
import type { MetafieldErrorCode } from './metafields.errors.js';

export interface MetafieldRecord {
  id: number;
  ownerType: MetafieldOwnerType;
  ownerId: number;
  namespace: string;
  key: string;
  type: string;
  value: string;
  description: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What `metafieldsSet` answers: the metafields as written, in the order given, or the input's problems (nothing written). */
export interface MetafieldsSetResult {
  metafields: MetafieldRecord[] | null;
  problems: readonly DomainError<MetafieldErrorCode>[];
}

/** What `metafieldsDelete` answers: for each identifier, whether a metafield was deleted, or the input's problems (nothing deleted). */
export interface MetafieldsDeleteResult {
  deleted: boolean[] | null;
  problems: readonly DomainError<MetafieldErrorCode>[];
}
