import { type InventoryError, InventoryErrors } from '../catalog.errors.js';

// The inventory rules, pure: the quantity names, the reasons, what on_hand sums, and each change of a level
// planned from the level as stored, with its compare-and-swap. The service reads the levels and writes the plan.

/** The quantities a level keeps (columns of inventory_levels); `on_hand` is their sum but `incoming`. */
export const STORED_NAMES = ['available', 'committed', 'damaged', 'incoming', 'quality_control', 'reserved', 'safety_stock'] as const;
export type StoredName = (typeof STORED_NAMES)[number];
export const QUANTITY_NAMES = [...STORED_NAMES, 'on_hand'] as const;
export type QuantityName = (typeof QUANTITY_NAMES)[number];

/** What inventorySetQuantities sets, and what inventoryAdjustQuantities adjusts (committed follows orders only). */
export const SETTABLE_NAMES: readonly QuantityName[] = ['available', 'on_hand'];
export const ADJUSTABLE_NAMES: readonly QuantityName[] = ['available', 'damaged', 'incoming', 'quality_control', 'reserved', 'safety_stock'];

/** The reasons clients send (the hosted list is unpublished; docs/decisions.md). `order` and `restock` are the platform's own too. */
export const INVENTORY_REASONS = [
  'correction', 'cycle_count_available', 'damaged', 'movement_canceled', 'movement_created', 'movement_received', 'movement_updated', 'order',
  'other', 'promotion', 'quality_control', 'received', 'reservation_created', 'reservation_deleted', 'reservation_updated', 'restock',
  'safety_stock', 'shrinkage',
] as const;

/** The bound of a stored quantity, either way (the hosted 1,000,000,000). */
export const MAX_QUANTITY = 1_000_000_000;
const MAX_URI_LENGTH = 2048;

export type LevelQuantities = Record<StoredName, number>;

export function onHand(level: LevelQuantities): number {
  return level.available + level.committed + level.damaged + level.quality_control + level.reserved + level.safety_stock;
}

export function quantityOf(level: LevelQuantities, name: QuantityName): number {
  return name === 'on_hand' ? onHand(level) : level[name];
}

/** A change as the adjustment group records it (`quantityAfterChange` of the name it names). */
export interface QuantityChange {
  name: QuantityName;
  delta: number;
  quantityAfterChange: number;
  itemId: number;
  locationId: number;
  ledgerDocumentUri: string | null;
}

/**
 * One level's change: `name` moved by `delta` (set: delta = wanted − current), checked against the bounds and the
 * caller's `changeFromQuantity`. Setting or adjusting on_hand moves `available` (the part of it that is not held).
 * Answers the level after it and the changes to record, or a problem on `field`.
 */
export function planChange(
  level: LevelQuantities,
  change: { name: QuantityName; delta: number; changeFromQuantity: number | null | undefined; itemId: number; locationId: number; ledgerDocumentUri: string | null },
  field: string,
): { after: LevelQuantities; changes: QuantityChange[] } | InventoryError {
  const before = quantityOf(level, change.name);
  if (change.changeFromQuantity != null && change.changeFromQuantity !== before) {
    return InventoryErrors.CHANGE_FROM_QUANTITY_STALE(`The quantity is ${before}, not ${change.changeFromQuantity}: it changed since it was read`, { field: `${field}.changeFromQuantity` });
  }
  const column: StoredName = change.name === 'on_hand' ? 'available' : change.name;
  const after = { ...level, [column]: level[column] + change.delta };
  if (after[column] > MAX_QUANTITY) return InventoryErrors.INVALID_QUANTITY_TOO_HIGH(`The quantity can't be higher than ${MAX_QUANTITY}`, { field });
  if (after[column] < -MAX_QUANTITY) return InventoryErrors.INVALID_QUANTITY_TOO_LOW(`The quantity can't be lower than -${MAX_QUANTITY}`, { field });
  const base = { itemId: change.itemId, locationId: change.locationId };
  const changes: QuantityChange[] = [{ ...base, name: column, delta: change.delta, quantityAfterChange: after[column], ledgerDocumentUri: change.ledgerDocumentUri }];
  // on_hand moves with every name but incoming.
  if (column !== 'incoming') changes.push({ ...base, name: 'on_hand', delta: change.delta, quantityAfterChange: onHand(after), ledgerDocumentUri: null });
  return { after, changes };
}

/** A reason the platform takes, or a problem. */
export function reasonProblem(reason: string): InventoryError | null {
  return (INVENTORY_REASONS as readonly string[]).includes(reason) ? null : InventoryErrors.INVALID_REASON(`The reason must be one of ${INVENTORY_REASONS.join(', ')}`, { field: 'reason' });
}

/** A document URI (`gid://…`, `https://…`, `logistics://…`): a scheme and something after it, without spaces. */
export function isDocumentUri(value: string): boolean {
  return value.length <= MAX_URI_LENGTH && /^[a-z][a-z0-9+.-]*:\S+$/i.test(value);
}
