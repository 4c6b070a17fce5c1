import type { MetafieldOwnerType } from './metafield.entity.js';

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
