import { Args, ID, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { ConnectionArgs, connectionOf, pageOf } from '@platform/graphql-types';
import { requireGlobalId } from '@platform/ids';
import { MoneyV2, moneyV2 } from '@platform/money';
import { Ctx, FieldArgs, type GraphqlContextValue, type NoArgs, type RequestContext, RequiresScope } from '@platform/request';
import { ProductDirectoryService } from '../../admin/product-directory.service.js';
import { InventoryDirectoryService } from '../../inventory/inventory-directory.service.js';
import { InventoryItemsArgs, LevelAtLocationArgs } from './inventory.args.js';
import { adminInventoryItemView, adminInventoryLevelView } from './inventory.presenter.js';
import { AdminInventoryItem, AdminInventoryItemConnection, AdminInventoryLevel, AdminInventoryLevelConnection } from './inventory.type.js';
import { adminVariantView } from './variant.presenter.js';
import { AdminProductVariant } from './variant.type.js';

const READ = 'read_inventory';

@Resolver(() => AdminInventoryItem)
export class InventoryItemsAdminResolver {
  constructor(
    private readonly inventory: InventoryDirectoryService,
    private readonly products: ProductDirectoryService,
  ) {}

  @RequiresScope(READ)
  @Query(() => AdminInventoryItem, { nullable: true, description: 'The inventory item with this global id; null when the shop has none.' })
  async inventoryItem(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string) {
    const record = await this.inventory.item(ctx, requireGlobalId(id, 'InventoryItem'));
    return record && adminInventoryItemView(record);
  }

  @RequiresScope(READ)
  @Query(() => AdminInventoryItemConnection, { description: "The shop's inventory items (one per variant), searched, in id order." })
  async inventoryItems(@Ctx() ctx: RequestContext, @Args() args: InventoryItemsArgs) {
    return connectionOf(await this.inventory.items(ctx, args.query ?? null, pageOf(args)), adminInventoryItemView);
  }

  @ResolveField(() => MoneyV2, { nullable: true, description: 'What a unit costs the shop, in its currency.' })
  unitCost(item: AdminInventoryItem, _args: NoArgs, { ctx }: GraphqlContextValue): MoneyV2 | null {
    return item.record.unitCost === null ? null : moneyV2(item.record.unitCost, ctx.shop.currency);
  }

  @ResolveField(() => AdminProductVariant, { description: 'The variant it counts.' })
  async variant(item: AdminInventoryItem, _args: NoArgs, { ctx }: GraphqlContextValue) {
    const record = await this.products.variant(ctx, item.record.id);
    if (!record) throw new Error(`variant of inventory item ${item.record.id} is gone`);
    return adminVariantView(record);
  }

  @ResolveField(() => AdminInventoryLevelConnection, { description: 'Its levels, one per location stocking it, in id order.' })
  async inventoryLevels(item: AdminInventoryItem, @FieldArgs() args: ConnectionArgs, { ctx }: GraphqlContextValue) {
    return connectionOf(await this.inventory.levelsOfItem(ctx, item.record.id, pageOf(args)), adminInventoryLevelView);
  }

  @ResolveField(() => AdminInventoryLevel, { nullable: true, description: 'Its level at a location; null where it is not stocked.' })
  async inventoryLevel(item: AdminInventoryItem, @FieldArgs() args: LevelAtLocationArgs, { ctx }: GraphqlContextValue) {
    const level = await this.inventory.levelAt(ctx, item.record.id, requireGlobalId(args.locationId, 'Location', 'locationId'));
    return level && adminInventoryLevelView(level);
  }
}
