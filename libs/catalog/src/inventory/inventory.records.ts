import type { LevelQuantities, QuantityChange } from './inventory.rules.js';

/** A location of the shop, where stock is kept. */
export interface LocationRecord {
  id: number;
  name: string;
  address1: string | null;
  city: string | null;
  provinceCode: string | null;
  countryCode: string | null;
  zip: string | null;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** A variant's inventory item (its id is the variant's). */
export interface InventoryItemRecord {
  id: number;
  sku: string | null;
  tracked: boolean;
  requiresShipping: boolean;
  unitCost: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** An item's level at a location: its named quantities. */
export interface InventoryLevelRecord extends LevelQuantities {
  id: number;
  itemId: number;
  locationId: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A change of stock as it was recorded: its reason, document and changes. */
export interface AdjustmentGroupRecord {
  id: number;
  createdAt: Date;
  reason: string;
  referenceDocumentUri: string | null;
  changes: QuantityChange[];
}
