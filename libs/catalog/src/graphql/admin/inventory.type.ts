import { Field, GraphQLISODateTime, ID, Int, ObjectType } from '@nestjs/graphql';
import { AdminNode, AdminSchema, AdminUserError, BoundedList, ConnectionType, MAX_USER_ERRORS, UnsignedInt64Scalar, codedUserErrorType } from '@platform/graphql-types';
import { MAX_INPUT_ARRAY_SIZE } from '@platform/errors';
import type { AdjustmentGroupRecord, InventoryItemRecord, InventoryLevelRecord, LocationRecord } from '../../inventory/inventory.records.js';
import { QUANTITY_NAMES } from '../../inventory/inventory.rules.js';

// The hosted admin schema's stock, by its names: locations, inventory items (one per variant), levels and their
// named quantities, and the adjustment groups the inventory mutations record.

@ObjectType('LocationAddress', { registerIn: () => AdminSchema })
export class AdminLocationAddress {
  @Field(() => String, { nullable: true })
  address1!: string | null;

  @Field(() => String, { nullable: true })
  city!: string | null;

  @Field(() => String, { nullable: true })
  provinceCode!: string | null;

  @Field(() => String, { nullable: true })
  countryCode!: string | null;

  @Field(() => String, { nullable: true })
  zip!: string | null;
}

@ObjectType('Location', { registerIn: () => AdminSchema, implements: () => [AdminNode], description: 'A place where the shop keeps stock.' })
export class AdminLocation {
  __typename!: 'Location';

  @Field(() => ID)
  id!: string;

  @Field(() => UnsignedInt64Scalar)
  legacyResourceId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => Boolean, { description: 'Whether its stock counts as available to sell.' })
  isActive!: boolean;

  @Field(() => AdminLocationAddress)
  address!: AdminLocationAddress;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;

  record!: LocationRecord;
}

@ObjectType('LocationConnection', { registerIn: () => AdminSchema })
export class AdminLocationConnection extends ConnectionType(AdminLocation, 'Location', () => AdminSchema) {}

@ObjectType('InventoryItem', { registerIn: () => AdminSchema, implements: () => [AdminNode], description: "A variant's stock-keeping unit: what is counted at each location." })
export class AdminInventoryItem {
  __typename!: 'InventoryItem';

  @Field(() => ID)
  id!: string;

  @Field(() => UnsignedInt64Scalar)
  legacyResourceId!: string;

  @Field(() => String, { nullable: true })
  sku!: string | null;

  @Field(() => Boolean, { description: 'Whether stock is counted: an untracked item is always for sale.' })
  tracked!: boolean;

  @Field(() => Boolean)
  requiresShipping!: boolean;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;

  record!: InventoryItemRecord;
}

@ObjectType('InventoryItemConnection', { registerIn: () => AdminSchema })
export class AdminInventoryItemConnection extends ConnectionType(AdminInventoryItem, 'InventoryItem', () => AdminSchema) {}

@ObjectType('InventoryQuantity', { registerIn: () => AdminSchema, description: 'One named quantity of a level.' })
export class AdminInventoryQuantity {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: `One of ${QUANTITY_NAMES.join(', ')}.` })
  name!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => GraphQLISODateTime, { nullable: true })
  updatedAt!: Date | null;
}

@ObjectType('InventoryLevel', { registerIn: () => AdminSchema, implements: () => [AdminNode], description: "An item's stock at one location." })
export class AdminInventoryLevel {
  __typename!: 'InventoryLevel';

  @Field(() => ID)
  id!: string;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;

  record!: InventoryLevelRecord;
}

@ObjectType('InventoryLevelConnection', { registerIn: () => AdminSchema })
export class AdminInventoryLevelConnection extends ConnectionType(AdminInventoryLevel, 'InventoryLevel', () => AdminSchema) {}

@ObjectType('InventoryChange', { registerIn: () => AdminSchema, description: 'One quantity an adjustment group changed.' })
export class AdminInventoryChange {
  @Field(() => String)
  name!: string;

  @Field(() => Int)
  delta!: number;

  @Field(() => Int, { nullable: true })
  quantityAfterChange!: number | null;

  @Field(() => String, { nullable: true })
  ledgerDocumentUri!: string | null;

  itemId!: number;
  locationId!: number;
}

@ObjectType('InventoryAdjustmentGroup', { registerIn: () => AdminSchema, implements: () => [AdminNode], description: 'Stock changes made together, with their reason.' })
export class AdminInventoryAdjustmentGroup {
  __typename!: 'InventoryAdjustmentGroup';

  @Field(() => ID)
  id!: string;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => String)
  reason!: string;

  @Field(() => String, { nullable: true })
  referenceDocumentUri!: string | null;

  record!: AdjustmentGroupRecord;
}

// The payloads' error types and codes, as hosted.
export const SET_QUANTITIES_CODES = [
  'CHANGE_FROM_QUANTITY_STALE', 'COMPARE_QUANTITY_REQUIRED', 'COMPARE_QUANTITY_STALE', 'IDEMPOTENCY_CONCURRENT_REQUEST', 'IDEMPOTENCY_KEY_PARAMETER_MISMATCH',
  'INVALID_INVENTORY_ITEM', 'INVALID_LOCATION', 'INVALID_NAME', 'INVALID_QUANTITY_NEGATIVE', 'INVALID_QUANTITY_TOO_HIGH', 'INVALID_QUANTITY_TOO_LOW',
  'INVALID_REASON', 'INVALID_REFERENCE_DOCUMENT', 'ITEM_NOT_STOCKED_AT_LOCATION', 'NON_MUTABLE_INVENTORY_ITEM', 'NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR',
] as const;
export const ADJUST_QUANTITIES_CODES = [
  'ADJUST_QUANTITIES_FAILED', 'CHANGE_FROM_QUANTITY_STALE', 'IDEMPOTENCY_CONCURRENT_REQUEST', 'IDEMPOTENCY_KEY_PARAMETER_MISMATCH', 'INTERNAL_LEDGER_DOCUMENT',
  'INVALID_AVAILABLE_DOCUMENT', 'INVALID_INVENTORY_ITEM', 'INVALID_LEDGER_DOCUMENT', 'INVALID_LOCATION', 'INVALID_QUANTITY_DOCUMENT', 'INVALID_QUANTITY_NAME',
  'INVALID_QUANTITY_TOO_HIGH', 'INVALID_QUANTITY_TOO_LOW', 'INVALID_REASON', 'INVALID_REFERENCE_DOCUMENT', 'ITEM_NOT_STOCKED_AT_LOCATION',
  'MAX_ONE_LEDGER_DOCUMENT', 'NON_MUTABLE_INVENTORY_ITEM', 'SERVICE_UNAVAILABLE',
] as const;
export type SetQuantitiesCode = (typeof SET_QUANTITIES_CODES)[number];
export type AdjustQuantitiesCode = (typeof ADJUST_QUANTITIES_CODES)[number];

export const InventorySetQuantitiesUserError = codedUserErrorType('InventorySetQuantitiesUserError', SET_QUANTITIES_CODES);
export const InventoryAdjustQuantitiesUserError = codedUserErrorType('InventoryAdjustQuantitiesUserError', ADJUST_QUANTITIES_CODES);

@ObjectType('InventorySetQuantitiesPayload', { registerIn: () => AdminSchema })
export class InventorySetQuantitiesPayload {
  @Field(() => AdminInventoryAdjustmentGroup, { nullable: true })
  inventoryAdjustmentGroup!: AdminInventoryAdjustmentGroup | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [InventorySetQuantitiesUserError])
  userErrors!: InstanceType<typeof InventorySetQuantitiesUserError>[];
}

@ObjectType('InventoryAdjustQuantitiesPayload', { registerIn: () => AdminSchema })
export class InventoryAdjustQuantitiesPayload {
  @Field(() => AdminInventoryAdjustmentGroup, { nullable: true })
  inventoryAdjustmentGroup!: AdminInventoryAdjustmentGroup | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [InventoryAdjustQuantitiesUserError])
  userErrors!: InstanceType<typeof InventoryAdjustQuantitiesUserError>[];
}

@ObjectType('InventoryActivatePayload', { registerIn: () => AdminSchema })
export class InventoryActivatePayload {
  @Field(() => AdminInventoryLevel, { nullable: true })
  inventoryLevel!: AdminInventoryLevel | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}

@ObjectType('InventoryDeactivatePayload', { registerIn: () => AdminSchema })
export class InventoryDeactivatePayload {
  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}

/** The most changes an adjustment group lists: two per quantity given (the name and on_hand). */
export const MAX_GROUP_CHANGES = 2 * MAX_INPUT_ARRAY_SIZE;
