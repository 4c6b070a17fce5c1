import { createHash } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { SqlPool } from '@platform/database';
import { isRecordId } from '@platform/ids';
import { type RequestContext, inTransaction } from '@platform/request';
import { type InventoryError, InventoryErrors } from '../catalog.errors.js';
import type { AdjustmentGroupRecord, InventoryLevelRecord, LocationRecord } from './inventory.records.js';
import {
  ADJUSTABLE_NAMES,
  type LevelQuantities,
  MAX_QUANTITY,
  type QuantityChange,
  type QuantityName,
  SETTABLE_NAMES,
  isDocumentUri,
  planChange,
  quantityOf,
  reasonProblem,
} from './inventory.rules.js';
import {
  ACTIVATE_LEVELS,
  CREATE_LOCATION,
  DELETE_LEVEL,
  FIRST_LEVELS,
  GROUP_OF_KEY,
  IDEMPOTENCY_LOCK,
  KNOWN_ITEMS_AND_LOCATIONS,
  LEVEL_AT,
  LEVEL_COUNT,
  LOCK_LEVEL,
  LOCK_LEVELS,
  REFRESH_VARIANT_STOCK,
  STOCK_AT_FIRST_LOCATION,
  WRITE_LEVELS_RECORDING_GROUP,
} from './inventory.sql.js';

/** One quantity of inventorySetQuantities (`quantity`) or inventoryAdjustQuantities (`delta`), with its compare-and-swap. */
export interface QuantityInput {
  itemId: number;
  locationId: number;
  quantity?: number;
  delta?: number;
  /** The quantity the caller read; null or absent skips the check. */
  changeFromQuantity?: number | null;
  ledgerDocumentUri?: string | null;
}

export interface QuantitiesInput {
  mode: 'set' | 'adjust';
  name: string;
  reason: string;
  referenceDocumentUri?: string | null;
  quantities: readonly QuantityInput[];
  /** The `@idempotent(key:)` of the request: a repeat answers the first group, another request with it is refused. */
  idempotencyKey?: string | null;
}

export interface QuantitiesResult {
  group: AdjustmentGroupRecord | null;
  problems: readonly InventoryError[];
}

class Refused extends Error {
  constructor(readonly problems: InventoryError[]) {
    super('refused');
  }
}

/**
 * Stock by location: inventorySetQuantities and inventoryAdjustQuantities (each level's change checked against the
 * bounds and the caller's changeFromQuantity, all or nothing), stocking items at locations, and the stock orders take
 * and restocks put back. Every write locks the levels it changes, records an adjustment group and brings each
 * variant's inventory_quantity and availability (and its product's totals) with it, in one transaction with a
 * constant number of statements.
 */
@Injectable()
export class InventoryService {
  constructor(
    private readonly sql: SqlPool,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  async changeQuantities(ctx: RequestContext, input: QuantitiesInput): Promise<QuantitiesResult> {
    const field = input.mode === 'set' ? 'quantities' : 'changes';
    const problems = inputProblems(input, field);
    if (problems.length > 0) return { group: null, problems };
    const digest = createHash('sha256').update(JSON.stringify(input)).digest('hex');
    try {
      return await ctx.em.transactional(async (em) => {
        const tx = inTransaction(ctx, em);
        if (input.idempotencyKey) {
          await this.sql.rows(tx, IDEMPOTENCY_LOCK, [tx.shop.id, input.idempotencyKey]);
          const [earlier] = await this.sql.rows<AdjustmentGroupRecord & { requestDigest: string }>(tx, GROUP_OF_KEY, [tx.shop.id, input.idempotencyKey]);
          if (earlier) {
            if (earlier.requestDigest !== digest) {
              throw new Refused([InventoryErrors.IDEMPOTENCY_KEY_PARAMETER_MISMATCH('The idempotency key was used with other parameters')]);
            }
            const { requestDigest: _digest, ...group } = earlier;
            return { group, problems: [] };
          }
        }
        const levels = await this.lockedLevels(tx, input.quantities, field);
        const planned = input.quantities.map((q, i) => {
          const level = levels.get(pairKey(q.itemId, q.locationId))!;
          const current = quantityOf(level, input.name as QuantityName);
          const delta = input.mode === 'set' ? q.quantity! - current : q.delta!;
          const plan = planChange(level, { name: input.name as QuantityName, delta, changeFromQuantity: q.changeFromQuantity, itemId: q.itemId, locationId: q.locationId, ledgerDocumentUri: q.ledgerDocumentUri ?? null }, `${field}[${i}]`);
          if (!('after' in plan)) return plan;
          // A pair named twice (adjust) moves from where the first change left it.
          levels.set(pairKey(q.itemId, q.locationId), { ...level, ...plan.after });
          return plan;
        });
        const refused = planned.filter((p): p is InventoryError => !('after' in p));
        if (refused.length > 0) throw new Refused(refused);
        const changes = planned.flatMap((p) => ('after' in p ? p.changes : []));
        return { group: await this.write(tx, [...levels.values()], changes, input, digest), problems: [] };
      });
    } catch (error) {
      if (error instanceof Refused) return { group: null, problems: error.problems };
      throw error;
    }
  }

  /** inventoryActivate: stocks the item at the location (with `available`, 0 when absent); an existing level stays as it is. */
  async activate(ctx: RequestContext, itemId: number, locationId: number, available: number | null): Promise<{ level: InventoryLevelRecord | null; problems: readonly InventoryError[] }> {
    if (available !== null && (available < 0 || available > MAX_QUANTITY)) {
      return { level: null, problems: [InventoryErrors.INVALID_QUANTITY_NEGATIVE(`Available must be from 0 to ${MAX_QUANTITY}`, { field: 'available' })] };
    }
    return ctx.em.transactional(async (em) => {
      const tx = inTransaction(ctx, em);
      const known = await this.known(tx, [itemId], [locationId]);
      if (!known.items.has(itemId)) return { level: null, problems: [InventoryErrors.NOT_FOUND('Inventory item does not exist', { field: 'inventoryItemId' })] };
      if (!known.locations.has(locationId)) return { level: null, problems: [InventoryErrors.NOT_FOUND('Location does not exist', { field: 'locationId' })] };
      await this.sql.rows(tx, ACTIVATE_LEVELS, [tx.shop.id, [itemId], locationId, [available ?? 0]]);
      await this.refreshStock(tx, [itemId]);
      const [level] = await this.sql.rows<InventoryLevelRecord>(tx, LEVEL_AT, [tx.shop.id, itemId, locationId]);
      return { level: level!, problems: [] };
    });
  }

  /** inventoryDeactivate: the item is no longer stocked there; its last level stays (CANNOT_DEACTIVATE). */
  async deactivate(ctx: RequestContext, levelId: number): Promise<readonly InventoryError[]> {
    return ctx.em.transactional(async (em) => {
      const tx = inTransaction(ctx, em);
      const [level] = await this.sql.rows<InventoryLevelRecord>(tx, LOCK_LEVEL, [tx.shop.id, levelId]);
      if (!level) return [InventoryErrors.NOT_FOUND('Inventory level does not exist', { field: 'inventoryLevelId' })];
      const [{ n }] = (await this.sql.rows<{ n: number }>(tx, LEVEL_COUNT, [tx.shop.id, level.itemId])) as [{ n: number }];
      if (n <= 1) return [InventoryErrors.CANNOT_DEACTIVATE('The item must be stocked at one location at least', { field: 'inventoryLevelId' })];
      await this.sql.rows(tx, DELETE_LEVEL, [tx.shop.id, levelId]);
      await this.refreshStock(tx, [level.itemId]);
      return [];
    });
  }

  /**
   * Stocks new variants at the shop's first active location (`available` each): the catalog's writes call it in their
   * transaction, so every variant has a level from its first moment.
   */
  async stockNewVariants(ctx: RequestContext, variantIds: readonly number[], available: readonly number[]): Promise<void> {
    if (variantIds.length > 0) await this.sql.run(ctx, STOCK_AT_FIRST_LOCATION, [ctx.shop.id, variantIds, available]);
  }

  /**
   * Takes (negative) or puts back (positive) units of tracked variants at the first active location stocking each
   * (`reason`: `order` when an order is paid, `restock` when one is cancelled or refunded), recorded against
   * `document` (the order). Untracked variants and those the shop no longer has are skipped. Joins the caller's
   * transaction (`inTransaction`).
   */
  async moveStock(ctx: RequestContext, units: readonly { variantId: number; quantity: number }[], reason: 'order' | 'restock', document: string): Promise<void> {
    const byVariant = new Map<number, number>();
    for (const u of units) if (u.quantity !== 0) byVariant.set(u.variantId, (byVariant.get(u.variantId) ?? 0) + u.quantity);
    if (byVariant.size === 0) return;
    const levels = await this.sql.rows<InventoryLevelRecord & { tracked: boolean }>(ctx, FIRST_LEVELS, [ctx.shop.id, [...byVariant.keys()]]);
    const moved = levels.filter((l) => l.tracked);
    if (moved.length === 0) return;
    const changes: QuantityChange[] = [];
    const after = moved.map((level) => {
      const delta = byVariant.get(Number(level.itemId))!;
      const available = Math.max(-MAX_QUANTITY, Math.min(MAX_QUANTITY, level.available + delta));
      const next = { ...level, available };
      changes.push({ name: 'available', delta, quantityAfterChange: available, itemId: Number(level.itemId), locationId: Number(level.locationId), ledgerDocumentUri: null });
      return next;
    });
    await this.write(ctx, after, changes, { reason, referenceDocumentUri: document, idempotencyKey: null }, null);
  }

  /** A location of the shop by name, made when it has none of that name (the seed's second location). */
  async ensureLocation(ctx: RequestContext, location: { name: string; address1?: string; city?: string; provinceCode?: string; countryCode?: string; zip?: string }): Promise<LocationRecord> {
    const [row] = await this.sql.rows<LocationRecord>(ctx, CREATE_LOCATION, [
      ctx.shop.id,
      location.name,
      location.address1 ?? null,
      location.city ?? null,
      location.provinceCode ?? null,
      location.countryCode ?? null,
      location.zip ?? null,
    ]);
    return row!;
  }

  // The levels of every pair named, locked; a pair that names an unknown item or location, or one not stocked there,
  // is refused on its own field.
  private async lockedLevels(tx: RequestContext, quantities: readonly QuantityInput[], field: string): Promise<Map<string, LevelQuantities & InventoryLevelRecord>> {
    const items = quantities.map((q) => q.itemId);
    const locations = quantities.map((q) => q.locationId);
    const rows = await this.sql.rows<InventoryLevelRecord>(tx, LOCK_LEVELS, [tx.shop.id, items, locations]);
    const levels = new Map(rows.map((row) => [pairKey(Number(row.itemId), Number(row.locationId)), row]));
    if (quantities.every((q) => levels.has(pairKey(q.itemId, q.locationId)))) return levels;
    // Only a pair without a level asks which of its item and location the shop has.
    const known = await this.known(tx, items, locations);
    const problems = quantities.flatMap((q, i): InventoryError[] => {
      if (!known.items.has(q.itemId)) return [InventoryErrors.INVALID_INVENTORY_ITEM('The inventory item does not exist', { field: `${field}[${i}].inventoryItemId` })];
      if (!known.locations.has(q.locationId)) return [InventoryErrors.INVALID_LOCATION('The location does not exist', { field: `${field}[${i}].locationId` })];
      if (!levels.has(pairKey(q.itemId, q.locationId))) {
        return [InventoryErrors.ITEM_NOT_STOCKED_AT_LOCATION('The item is not stocked at the location', { field: `${field}[${i}].locationId` })];
      }
      return [];
    });
    if (problems.length > 0) throw new Refused(problems);
    return levels;
  }

  private async known(tx: RequestContext, items: readonly number[], locations: readonly number[]): Promise<{ items: Set<number>; locations: Set<number> }> {
    const valid = (ids: readonly number[]) => [...new Set(ids.filter(isRecordId))];
    const [row] = await this.sql.rows<{ items: number[]; locations: number[] }>(tx, KNOWN_ITEMS_AND_LOCATIONS, [tx.shop.id, valid(items), valid(locations)]);
    return { items: new Set(row!.items), locations: new Set(row!.locations) };
  }

  // Writes the levels, brings the variants' stock and their products' totals with them and records the group.
  private async write(
    tx: RequestContext,
    levels: readonly (LevelQuantities & { id: number; itemId: number })[],
    changes: readonly QuantityChange[],
    input: { reason: string; referenceDocumentUri?: string | null; idempotencyKey?: string | null },
    digest: string | null,
  ): Promise<AdjustmentGroupRecord> {
    const now = new Date(this.clock.now());
    const rows = levels.map((l) => ({ id: l.id, available: l.available, damaged: l.damaged, incoming: l.incoming, quality_control: l.quality_control, reserved: l.reserved, safety_stock: l.safety_stock }));
    const [group] = await this.sql.rows<AdjustmentGroupRecord>(tx, WRITE_LEVELS_RECORDING_GROUP, [
      tx.shop.id,
      JSON.stringify(rows),
      levels.map((l) => l.id),
      [...new Set(levels.map((l) => Number(l.itemId)))],
      now,
      input.reason,
      input.referenceDocumentUri ?? null,
      JSON.stringify(changes),
      input.idempotencyKey ?? null,
      digest,
    ]);
    return group!;
  }

  /** The variants' stock (what is available at their active locations) and availability, and their products' totals. */
  async refreshStock(ctx: RequestContext, variantIds: readonly number[]): Promise<void> {
    await this.sql.run(ctx, REFRESH_VARIANT_STOCK, [ctx.shop.id, variantIds]);
  }
}

// Every problem of the request itself, before anything is read.
function inputProblems(input: QuantitiesInput, field: string): InventoryError[] {
  const problems: InventoryError[] = [];
  const names = input.mode === 'set' ? SETTABLE_NAMES : ADJUSTABLE_NAMES;
  const known = (names as readonly string[]).includes(input.name);
  if (!known) problems.push(InventoryErrors.INVALID_NAME(`The quantity name must be one of ${names.join(', ')}`, { field: 'name' }));
  const reason = reasonProblem(input.reason);
  if (reason) problems.push(reason);
  if (input.referenceDocumentUri != null && !isDocumentUri(input.referenceDocumentUri)) {
    problems.push(InventoryErrors.INVALID_REFERENCE_DOCUMENT('The reference document must be a URI', { field: 'referenceDocumentUri' }));
  }
  const pairs = new Set<string>();
  input.quantities.forEach((q, i) => {
    const at = `${field}[${i}]`;
    if (input.mode === 'set') {
      if (q.quantity! < 0) problems.push(InventoryErrors.INVALID_QUANTITY_NEGATIVE("The quantity can't be negative", { field: `${at}.quantity` }));
      else if (q.quantity! > MAX_QUANTITY) problems.push(InventoryErrors.INVALID_QUANTITY_TOO_HIGH(`The quantity can't be higher than ${MAX_QUANTITY}`, { field: `${at}.quantity` }));
      const pair = pairKey(q.itemId, q.locationId);
      if (pairs.has(pair)) problems.push(InventoryErrors.NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR('An item and location pair can be set once', { field: at }));
      pairs.add(pair);
    } else if (known) {
      // Only `available` is the platform's own ledger; the other names record the document that moved them.
      const ledger = q.ledgerDocumentUri;
      if (input.name === 'available' && ledger != null) problems.push(InventoryErrors.INVALID_AVAILABLE_DOCUMENT('available takes no ledger document', { field: `${at}.ledgerDocumentUri` }));
      if (input.name !== 'available' && (ledger == null || !isDocumentUri(ledger))) {
        problems.push(InventoryErrors.INVALID_LEDGER_DOCUMENT(`A ledger document URI is required for ${input.name}`, { field: `${at}.ledgerDocumentUri` }));
      }
    }
  });
  return problems;
}

function pairKey(itemId: number, locationId: number): string {
  return `${itemId}:${locationId}`;
}
