import type { MetafieldOwnerType } from './metafield.entity.js';

export interface NewMetafield {
  ownerType: MetafieldOwnerType;
  /** For SHOP, the shop's own id. */
  ownerId: number;
  namespace: string;
  key: string;
  type: string;
  value: string;
  description?: string | null;
}

export interface MetafieldIdentifier {
  namespace: string;
  key: string;
}
