import { Args, ID, Info, Int, Mutation, Resolver } from '@nestjs/graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { userErrorsOf } from '@platform/errors';
import { idOfType } from '@platform/ids';
import { idempotencyKeyOf } from '@platform/graphql-types';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import type { InventoryErrorCode } from '../../catalog.errors.js';
import { InventoryService, type QuantitiesResult } from '../../inventory/inventory.service.js';
import { InventoryAdjustQuantitiesInput, InventorySetQuantitiesInput } from './inventory.args.js';
import { adminAdjustmentGroupView, adminInventoryLevelView } from './inventory.presenter.js';
import {
  type AdjustQuantitiesCode,
  InventoryActivatePayload,
  InventoryAdjustQuantitiesPayload,
  InventoryDeactivatePayload,
  InventorySetQuantitiesPayload,
  type SetQuantitiesCode,
} from './inventory.type.js';
import { inventoryUserErrors } from './user-error.presenter.js';

const WRITE = 'write_inventory';

// The inventory mutations: thin, InventoryService checks and writes. Ids that name nothing of this shop are
// answered as unknown items, locations or levels; `@idempotent(key:)` is read from the field (graphql-types).
@Resolver()
export class InventoryMutationsAdminResolver {
  constructor(private readonly inventory: InventoryService) {}

  @RequiresScope(WRITE)
  @Mutation(() => InventorySetQuantitiesPayload, { nullable: true, description: 'Sets available or on_hand quantities of items at locations (at most 250), all or none.' })
  async inventorySetQuantities(@Ctx() ctx: RequestContext, @Args('input') input: InventorySetQuantitiesInput, @Info() info: GraphQLResolveInfo) {
    const idempotencyKey = idempotencyKeyOf(info, ctx.version);
    const result = await this.inventory.changeQuantities(ctx, {
      mode: 'set',
      name: input.name,
      reason: input.reason,
      referenceDocumentUri: input.referenceDocumentUri,
      idempotencyKey,
      quantities: input.quantities.map((q) => ({ itemId: itemIdOf(q.inventoryItemId), locationId: locationIdOf(q.locationId), quantity: q.quantity, changeFromQuantity: q.changeFromQuantity })),
    });
    return payload(result, SET_CODES);
  }

  @RequiresScope(WRITE)
  @Mutation(() => InventoryAdjustQuantitiesPayload, { nullable: true, description: 'Moves quantities of items at locations by deltas (at most 250), all or none.' })
  async inventoryAdjustQuantities(@Ctx() ctx: RequestContext, @Args('input') input: InventoryAdjustQuantitiesInput, @Info() info: GraphQLResolveInfo) {
    const idempotencyKey = idempotencyKeyOf(info, ctx.version);
    const result = await this.inventory.changeQuantities(ctx, {
      mode: 'adjust',
      name: input.name,
      reason: input.reason,
      referenceDocumentUri: input.referenceDocumentUri,
      idempotencyKey,
      quantities: input.changes.map((c) => ({
        itemId: itemIdOf(c.inventoryItemId),
        locationId: locationIdOf(c.locationId),
        delta: c.delta,
        changeFromQuantity: c.changeFromQuantity,
        ledgerDocumentUri: c.ledgerDocumentUri,
      })),
    });
    return payload(result, ADJUST_CODES);
  }

  @RequiresScope(WRITE)
  @Mutation(() => InventoryActivatePayload, { nullable: true, description: 'Stocks an item at a location (with `available` units, 0 when absent).' })
  async inventoryActivate(
    @Ctx() ctx: RequestContext,
    @Args('inventoryItemId', { type: () => ID }) inventoryItemId: string,
    @Args('locationId', { type: () => ID }) locationId: string,
    @Args('available', { type: () => Int, nullable: true }) available: number | null,
  ) {
    const result = await this.inventory.activate(ctx, itemIdOf(inventoryItemId), locationIdOf(locationId), available ?? null);
    return { inventoryLevel: result.level && adminInventoryLevelView(result.level), userErrors: inventoryUserErrors(result.problems) };
  }

  @RequiresScope(WRITE)
  @Mutation(() => InventoryDeactivatePayload, { nullable: true, description: 'Stops stocking an item at a location; its last location stays.' })
  async inventoryDeactivate(@Ctx() ctx: RequestContext, @Args('inventoryLevelId', { type: () => ID }) inventoryLevelId: string) {
    const problems = await this.inventory.deactivate(ctx, idOfType(inventoryLevelId, 'InventoryLevel') ?? 0);
    return { userErrors: inventoryUserErrors(problems) };
  }
}

const itemIdOf = (gid: string) => idOfType(gid, 'InventoryItem') ?? 0;
const locationIdOf = (gid: string) => idOfType(gid, 'Location') ?? 0;

function payload<Code>(result: QuantitiesResult, codes: Record<InventoryErrorCode, Code>) {
  return { inventoryAdjustmentGroup: result.group && adminAdjustmentGroupView(result.group), userErrors: userErrorsOf(result.problems, codes, 'input') };
}

// Each payload's enum for every code of the inventory writes.
const SET_CODES: Record<InventoryErrorCode, SetQuantitiesCode> = {
  INVALID_INVENTORY_ITEM: 'INVALID_INVENTORY_ITEM',
  INVALID_LOCATION: 'INVALID_LOCATION',
  ITEM_NOT_STOCKED_AT_LOCATION: 'ITEM_NOT_STOCKED_AT_LOCATION',
  INVALID_QUANTITY_NEGATIVE: 'INVALID_QUANTITY_NEGATIVE',
  INVALID_QUANTITY_TOO_HIGH: 'INVALID_QUANTITY_TOO_HIGH',
  INVALID_QUANTITY_TOO_LOW: 'INVALID_QUANTITY_TOO_LOW',
  INVALID_REASON: 'INVALID_REASON',
  INVALID_REFERENCE_DOCUMENT: 'INVALID_REFERENCE_DOCUMENT',
  INVALID_NAME: 'INVALID_NAME',
  INVALID_LEDGER_DOCUMENT: 'INVALID_REFERENCE_DOCUMENT',
  INVALID_AVAILABLE_DOCUMENT: 'INVALID_REFERENCE_DOCUMENT',
  CHANGE_FROM_QUANTITY_STALE: 'CHANGE_FROM_QUANTITY_STALE',
  NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR: 'NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR',
  IDEMPOTENCY_KEY_PARAMETER_MISMATCH: 'IDEMPOTENCY_KEY_PARAMETER_MISMATCH',
  NOT_FOUND: 'INVALID_INVENTORY_ITEM',
  CANNOT_DEACTIVATE: 'NON_MUTABLE_INVENTORY_ITEM',
};

const ADJUST_CODES: Record<InventoryErrorCode, AdjustQuantitiesCode> = {
  INVALID_INVENTORY_ITEM: 'INVALID_INVENTORY_ITEM',
  INVALID_LOCATION: 'INVALID_LOCATION',
  ITEM_NOT_STOCKED_AT_LOCATION: 'ITEM_NOT_STOCKED_AT_LOCATION',
  INVALID_QUANTITY_NEGATIVE: 'INVALID_QUANTITY_TOO_LOW',
  INVALID_QUANTITY_TOO_HIGH: 'INVALID_QUANTITY_TOO_HIGH',
  INVALID_QUANTITY_TOO_LOW: 'INVALID_QUANTITY_TOO_LOW',
  INVALID_REASON: 'INVALID_REASON',
  INVALID_REFERENCE_DOCUMENT: 'INVALID_REFERENCE_DOCUMENT',
  INVALID_NAME: 'INVALID_QUANTITY_NAME',
  INVALID_LEDGER_DOCUMENT: 'INVALID_LEDGER_DOCUMENT',
  INVALID_AVAILABLE_DOCUMENT: 'INVALID_AVAILABLE_DOCUMENT',
  CHANGE_FROM_QUANTITY_STALE: 'CHANGE_FROM_QUANTITY_STALE',
  NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR: 'ADJUST_QUANTITIES_FAILED',
  IDEMPOTENCY_KEY_PARAMETER_MISMATCH: 'IDEMPOTENCY_KEY_PARAMETER_MISMATCH',
  NOT_FOUND: 'INVALID_INVENTORY_ITEM',
  CANNOT_DEACTIVATE: 'NON_MUTABLE_INVENTORY_ITEM',
};
