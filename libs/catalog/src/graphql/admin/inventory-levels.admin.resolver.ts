import { Args, ID, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { BoundedList } from '@platform/graphql-types';
import { DomainError } from '@platform/errors';
import { requireGlobalId, toGlobalId } from '@platform/ids';
import { Ctx, FieldArgs, type GraphqlContextValue, type NoArgs, type RequestContext, RequiresScope } from '@platform/request';
import { InventoryDirectoryService } from '../../inventory/inventory-directory.service.js';
import { QUANTITY_NAMES, type QuantityName, quantityOf } from '../../inventory/inventory.rules.js';
import { QuantitiesArgs } from './inventory.args.js';
import { adminInventoryItemView, adminInventoryLevelView, adminLocationView } from './inventory.presenter.js';
import { AdminInventoryItem, AdminInventoryLevel, AdminInventoryQuantity, AdminLocation } from './inventory.type.js';

@Resolver(() => AdminInventoryLevel)
export class InventoryLevelsAdminResolver {
  constructor(private readonly inventory: InventoryDirectoryService) {}

  @RequiresScope('read_inventory')
  @Query(() => AdminInventoryLevel, { nullable: true, description: 'The inventory level with this global id; null when the shop has none.' })
  async inventoryLevel(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string) {
    const record = await this.inventory.level(ctx, requireGlobalId(id, 'InventoryLevel'));
    return record && adminInventoryLevelView(record);
  }

  @BoundedList({ max: QUANTITY_NAMES.length, withParent: true })
  @ResolveField(() => [AdminInventoryQuantity], { description: `The quantities of these names (${QUANTITY_NAMES.join(', ')}); on_hand sums all but incoming.` })
  quantities(level: AdminInventoryLevel, @FieldArgs() args: QuantitiesArgs): AdminInventoryQuantity[] {
    const unknown = args.names.find((name) => !(QUANTITY_NAMES as readonly string[]).includes(name));
    if (unknown !== undefined || args.names.length > QUANTITY_NAMES.length) {
      throw new DomainError('UNPROCESSABLE', `Quantity names must be among ${QUANTITY_NAMES.join(', ')}, each once.`, { field: 'names', code: 'INVALID_QUANTITY_NAME' });
    }
    return [...new Set(args.names)].map((name) => ({
      id: `${toGlobalId('InventoryQuantity', level.record.id)}?name=${name}`,
      name,
      quantity: quantityOf(level.record, name as QuantityName),
      updatedAt: level.record.updatedAt,
    }));
  }

  @ResolveField(() => AdminInventoryItem)
  async item(level: AdminInventoryLevel, _args: NoArgs, { ctx }: GraphqlContextValue) {
    const record = await this.inventory.item(ctx, level.record.itemId);
    if (!record) throw new Error(`inventory item ${level.record.itemId} is gone`);
    return adminInventoryItemView(record);
  }

  @ResolveField(() => AdminLocation)
  async location(level: AdminInventoryLevel, _args: NoArgs, { ctx }: GraphqlContextValue) {
    const record = await this.inventory.location(ctx, level.record.locationId);
    if (!record) throw new Error(`location ${level.record.locationId} is gone`);
    return adminLocationView(record);
  }

  @ResolveField(() => Boolean, { description: 'Whether the item is stocked elsewhere too (its last level cannot be deactivated).' })
  async canDeactivate(level: AdminInventoryLevel, _args: NoArgs, { ctx }: GraphqlContextValue): Promise<boolean> {
    return (await this.inventory.levelCount(ctx, level.record.itemId)) > 1;
  }
}
