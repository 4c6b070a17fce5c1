import { ArgsType, Field, ID, InputType, Int } from '@nestjs/graphql';
import { AdminSchema, ConnectionArgs } from '@platform/graphql-types';

// The hosted inventory arguments and inputs, by their names.

@ArgsType()
export class LocationsArgs extends ConnectionArgs {
  @Field(() => Boolean, { defaultValue: false, description: 'Deactivated locations too.' })
  includeInactive!: boolean;
}

@ArgsType()
export class InventoryItemsArgs extends ConnectionArgs {
  @Field(() => String, { nullable: true, description: 'Search syntax: `sku` (a comma list), `id`, `created_at`, `updated_at`.' })
  query?: string | null;
}

@InputType('InventoryQuantityInput', { registerIn: () => AdminSchema })
export class InventoryQuantityInput {
  @Field(() => ID)
  inventoryItemId!: string;

  @Field(() => ID)
  locationId!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Int, { nullable: true, description: 'The quantity as the caller read it: the write fails (CHANGE_FROM_QUANTITY_STALE) if it changed since. Null skips the check.' })
  changeFromQuantity?: number | null;
}

@InputType('InventorySetQuantitiesInput', { registerIn: () => AdminSchema })
export class InventorySetQuantitiesInput {
  @Field(() => String, { description: '`available` or `on_hand`.' })
  name!: string;

  @Field(() => String, { description: 'Why: correction, cycle_count_available, damaged, received, restock, shrinkage, …' })
  reason!: string;

  @Field(() => String, { nullable: true, description: 'A URI of the document behind the change (`gid://…`, `https://…`).' })
  referenceDocumentUri?: string | null;

  @Field(() => [InventoryQuantityInput])
  quantities!: InventoryQuantityInput[];
}

@InputType('InventoryChangeInput', { registerIn: () => AdminSchema })
export class InventoryChangeInput {
  @Field(() => ID)
  inventoryItemId!: string;

  @Field(() => ID)
  locationId!: string;

  @Field(() => Int)
  delta!: number;

  @Field(() => Int, { nullable: true, description: 'The quantity as the caller read it; null skips the check.' })
  changeFromQuantity?: number | null;

  @Field(() => String, { nullable: true, description: 'Required for every name but `available`.' })
  ledgerDocumentUri?: string | null;
}

@InputType('InventoryAdjustQuantitiesInput', { registerIn: () => AdminSchema })
export class InventoryAdjustQuantitiesInput {
  @Field(() => String, { description: '`available`, `damaged`, `incoming`, `quality_control`, `reserved` or `safety_stock`.' })
  name!: string;

  @Field(() => String)
  reason!: string;

  @Field(() => String, { nullable: true })
  referenceDocumentUri?: string | null;

  @Field(() => [InventoryChangeInput])
  changes!: InventoryChangeInput[];
}

@ArgsType()
export class LevelOfItemArgs {
  @Field(() => ID)
  inventoryItemId!: string;
}

@ArgsType()
export class LevelAtLocationArgs {
  @Field(() => ID)
  locationId!: string;
}

@ArgsType()
export class QuantitiesArgs {
  @Field(() => [String], { description: 'The quantity names to answer, in the order given.' })
  names!: string[];
}

@ArgsType()
export class ChangesArgs {
  @Field(() => [ID], { nullable: true, description: 'Only the changes of these items.' })
  inventoryItemIds?: string[] | null;

  @Field(() => [ID], { nullable: true, description: 'Only the changes at these locations.' })
  locationIds?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Only the changes of these quantity names.' })
  quantityNames?: string[] | null;
}
