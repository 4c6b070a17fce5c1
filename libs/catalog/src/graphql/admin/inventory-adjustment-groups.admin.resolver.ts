import { ResolveField, Resolver } from '@nestjs/graphql';
import { BoundedList } from '@platform/graphql-types';
import { idOfType } from '@platform/ids';
import { FieldArgs, type GraphqlContextValue, type NoArgs } from '@platform/request';
import { InventoryDirectoryService } from '../../inventory/inventory-directory.service.js';
import { ChangesArgs } from './inventory.args.js';
import { adminInventoryItemView, adminLocationView } from './inventory.presenter.js';
import { AdminInventoryAdjustmentGroup, AdminInventoryChange, AdminInventoryItem, AdminLocation, MAX_GROUP_CHANGES } from './inventory.type.js';

// An adjustment group's changes, narrowed as asked, and each change's item and location.

@Resolver(() => AdminInventoryAdjustmentGroup)
export class InventoryAdjustmentGroupsAdminResolver {
  @BoundedList({ max: MAX_GROUP_CHANGES, withParent: true })
  @ResolveField(() => [AdminInventoryChange], { description: 'The quantities it changed: each named one and on_hand with it.' })
  changes(group: AdminInventoryAdjustmentGroup, @FieldArgs() args: ChangesArgs): AdminInventoryChange[] {
    const ids = (gids: string[] | null | undefined, type: string) => gids && new Set(gids.map((gid) => idOfType(gid, type)));
    const items = ids(args.inventoryItemIds, 'InventoryItem');
    const locations = ids(args.locationIds, 'Location');
    return group.record.changes
      .filter((c) => (!items || items.has(c.itemId)) && (!locations || locations.has(c.locationId)) && (!args.quantityNames || args.quantityNames.includes(c.name)))
      .map((c) => ({ name: c.name, delta: c.delta, quantityAfterChange: c.quantityAfterChange, ledgerDocumentUri: c.ledgerDocumentUri, itemId: c.itemId, locationId: c.locationId }));
  }
}

@Resolver(() => AdminInventoryChange)
export class InventoryChangesAdminResolver {
  constructor(private readonly inventory: InventoryDirectoryService) {}

  @ResolveField(() => AdminInventoryItem, { nullable: true, description: 'Null when the item was deleted since.' })
  async item(change: AdminInventoryChange, _args: NoArgs, { ctx }: GraphqlContextValue) {
    const record = await this.inventory.item(ctx, change.itemId);
    return record && adminInventoryItemView(record);
  }

  @ResolveField(() => AdminLocation, { nullable: true, description: 'Null when the location was deleted since.' })
  async location(change: AdminInventoryChange, _args: NoArgs, { ctx }: GraphqlContextValue) {
    const record = await this.inventory.location(ctx, change.locationId);
    return record && adminLocationView(record);
  }
}
