import { Args, ID, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { ConnectionArgs, connectionOf, pageOf } from '@platform/graphql-types';
import { requireGlobalId } from '@platform/ids';
import { Ctx, FieldArgs, type GraphqlContextValue, type RequestContext, RequiresScope } from '@platform/request';
import { InventoryDirectoryService } from '../../inventory/inventory-directory.service.js';
import { LevelOfItemArgs, LocationsArgs } from './inventory.args.js';
import { adminInventoryLevelView, adminLocationView } from './inventory.presenter.js';
import { AdminInventoryLevel, AdminInventoryLevelConnection, AdminLocation, AdminLocationConnection } from './inventory.type.js';

@Resolver(() => AdminLocation)
export class LocationsAdminResolver {
  constructor(private readonly inventory: InventoryDirectoryService) {}

  @RequiresScope('read_locations')
  @Query(() => AdminLocationConnection, { description: "The shop's locations, in id order (active ones unless includeInactive)." })
  async locations(@Ctx() ctx: RequestContext, @Args() args: LocationsArgs) {
    return connectionOf(await this.inventory.locations(ctx, pageOf(args), args.includeInactive), adminLocationView);
  }

  @RequiresScope('read_locations')
  @Query(() => AdminLocation, { nullable: true, description: 'The location with this global id; null when the shop has none.' })
  async location(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string) {
    const record = await this.inventory.location(ctx, requireGlobalId(id, 'Location'));
    return record && adminLocationView(record);
  }

  @RequiresScope('read_inventory')
  @ResolveField(() => AdminInventoryLevelConnection, { description: 'The levels of the items stocked here, in id order.' })
  async inventoryLevels(location: AdminLocation, @FieldArgs() args: ConnectionArgs, { ctx }: GraphqlContextValue) {
    return connectionOf(await this.inventory.levelsOfLocation(ctx, location.record.id, pageOf(args)), adminInventoryLevelView);
  }

  @RequiresScope('read_inventory')
  @ResolveField(() => AdminInventoryLevel, { nullable: true, description: "An item's level here; null where it is not stocked." })
  async inventoryLevel(location: AdminLocation, @FieldArgs() args: LevelOfItemArgs, { ctx }: GraphqlContextValue) {
    const level = await this.inventory.levelAt(ctx, requireGlobalId(args.inventoryItemId, 'InventoryItem', 'inventoryItemId'), location.record.id);
    return level && adminInventoryLevelView(level);
  }
}
