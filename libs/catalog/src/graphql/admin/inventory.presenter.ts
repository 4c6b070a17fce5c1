import { toGlobalId } from '@platform/ids';
import type { AdjustmentGroupRecord, InventoryItemRecord, InventoryLevelRecord, LocationRecord } from '../../inventory/inventory.records.js';
import type { AdminInventoryAdjustmentGroup, AdminInventoryItem, AdminInventoryLevel, AdminLocation } from './inventory.type.js';

// Inventory records to admin views; `record` stays for the field resolvers.

export function adminLocationView(record: LocationRecord): AdminLocation {
  return {
    __typename: 'Location',
    id: toGlobalId('Location', record.id),
    legacyResourceId: String(record.id),
    name: record.name,
    isActive: record.isActive,
    address: { address1: record.address1, city: record.city, provinceCode: record.provinceCode, countryCode: record.countryCode, zip: record.zip },
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    record,
  };
}

export function adminInventoryItemView(record: InventoryItemRecord): AdminInventoryItem {
  return {
    __typename: 'InventoryItem',
    id: toGlobalId('InventoryItem', record.id),
    legacyResourceId: String(record.id),
    sku: record.sku,
    tracked: record.tracked,
    requiresShipping: record.requiresShipping,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    record,
  };
}

export function adminInventoryLevelView(record: InventoryLevelRecord): AdminInventoryLevel {
  return { __typename: 'InventoryLevel', id: toGlobalId('InventoryLevel', record.id), createdAt: record.createdAt, updatedAt: record.updatedAt, record };
}

export function adminAdjustmentGroupView(record: AdjustmentGroupRecord): AdminInventoryAdjustmentGroup {
  return {
    __typename: 'InventoryAdjustmentGroup',
    id: toGlobalId('InventoryAdjustmentGroup', record.id),
    createdAt: record.createdAt,
    reason: record.reason,
    referenceDocumentUri: record.referenceDocumentUri,
    record,
  };
}
