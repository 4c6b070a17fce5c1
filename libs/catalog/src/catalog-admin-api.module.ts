import { Module, type OnModuleInit } from '@nestjs/common';
import { NodeRegistry, NodeRegistryModule, TaggableRegistry, TaggableRegistryModule, type TagsChange } from '@platform/graphql-types';
import { MetafieldsAdminApiModule, MetafieldsModule } from '@platform/metafields';
import { CollectionMetafieldsAdminResolver, MediaImageMetafieldsAdminResolver, ProductMetafieldsAdminResolver, VariantMetafieldsAdminResolver } from './graphql/admin/catalog-metafields.admin.resolver.js';
import { CatalogModule } from './catalog.module.js';
import { type ProductWriteResult, ProductWritesService } from './admin/product-writes.service.js';
import type { AdminProductRecord } from './admin/product-admin.records.js';
import { ProductMutationsAdminResolver } from './graphql/admin/product-mutations.admin.resolver.js';
import { InventoryDirectoryService } from './inventory/inventory-directory.service.js';
import { InventoryAdjustmentGroupsAdminResolver, InventoryChangesAdminResolver } from './graphql/admin/inventory-adjustment-groups.admin.resolver.js';
import { InventoryItemsAdminResolver } from './graphql/admin/inventory-items.admin.resolver.js';
import { InventoryLevelsAdminResolver } from './graphql/admin/inventory-levels.admin.resolver.js';
import { InventoryMutationsAdminResolver } from './graphql/admin/inventory-mutations.admin.resolver.js';
import { adminInventoryItemView, adminInventoryLevelView, adminLocationView } from './graphql/admin/inventory.presenter.js';
import { LocationsAdminResolver } from './graphql/admin/locations.admin.resolver.js';
import { CollectionMutationsAdminResolver } from './graphql/admin/collection-mutations.admin.resolver.js';
import { VariantMutationsAdminResolver } from './graphql/admin/variant-mutations.admin.resolver.js';
import { OptionMutationsAdminResolver } from './graphql/admin/option-mutations.admin.resolver.js';
import { ProductSetAdminResolver } from './graphql/admin/product-set.admin.resolver.js';
import { CollectionDirectoryService } from './admin/collection-directory.service.js';
import { ProductDirectoryService } from './admin/product-directory.service.js';
import { adminCollectionView } from './graphql/admin/collection.presenter.js';
import { CollectionsAdminResolver } from './graphql/admin/collections.admin.resolver.js';
import { adminProductView } from './graphql/admin/product.presenter.js';
import { ProductsAdminResolver } from './graphql/admin/products.admin.resolver.js';
import { MediaImagesAdminResolver } from './graphql/admin/media.admin.resolver.js';
import { FileMutationsAdminResolver } from './graphql/admin/file-mutations.admin.resolver.js';
import { MediaMutationsAdminResolver } from './graphql/admin/media-mutations.admin.resolver.js';
import { adminMediaView } from './graphql/admin/media.presenter.js';
import { adminVariantView } from './graphql/admin/variant.presenter.js';
import { VariantsAdminResolver } from './graphql/admin/variants.admin.resolver.js';
import { CatalogStorefrontService } from './storefront/catalog-storefront.service.js';

/**
 * The catalog on the admin schema: `products`, `product`, `productByIdentifier`, `productsCount`, `productVariant`, a product's
 * variants and collections, and `collections`, `collection`, `collectionByIdentifier`, `collectionsCount`; reads need `read_products`.
 * Writes (`productCreate`, `productUpdate`, `productDelete`, `productVariantsBulkCreate`/`Update`/`Delete`,
 * `publishablePublish`/`Unpublish`, tags, and the manual collection mutations) need `write_products`. Stock: locations
 * (`read_locations`), inventory items and levels (`read_inventory`), and the inventory mutations (`write_inventory`).
 */
@Module({
  imports: [CatalogModule, MetafieldsModule, MetafieldsAdminApiModule, NodeRegistryModule, TaggableRegistryModule],
  providers: [
    ProductDirectoryService,
    CollectionDirectoryService,
    CatalogStorefrontService,
    InventoryDirectoryService,
    ProductsAdminResolver,
    MediaImagesAdminResolver,
    MediaMutationsAdminResolver,
    FileMutationsAdminResolver,
    ProductMutationsAdminResolver,
    VariantMutationsAdminResolver,
    OptionMutationsAdminResolver,
    ProductSetAdminResolver,
    VariantsAdminResolver,
    CollectionsAdminResolver,
    CollectionMutationsAdminResolver,
    LocationsAdminResolver,
    InventoryItemsAdminResolver,
    InventoryLevelsAdminResolver,
    InventoryAdjustmentGroupsAdminResolver,
    InventoryChangesAdminResolver,
    InventoryMutationsAdminResolver,
    ProductMetafieldsAdminResolver,
    VariantMetafieldsAdminResolver,
    CollectionMetafieldsAdminResolver,
    MediaImageMetafieldsAdminResolver,
  ],
})
export class CatalogAdminApiModule implements OnModuleInit {
  constructor(
    private readonly nodes: NodeRegistry,
    private readonly directory: ProductDirectoryService,
    private readonly collections: CollectionDirectoryService,
    private readonly taggables: TaggableRegistry,
    private readonly writes: ProductWritesService,
    private readonly inventory: InventoryDirectoryService,
  ) {}

  // `node(id:)` asks for the same access as `product(id:)`.
  onModuleInit(): void {
    this.nodes.register('admin_graphql', 'Product', { scope: 'read_products' }, (ctx, id) => this.directory.product(ctx, id), adminProductView);
    this.nodes.register('admin_graphql', 'ProductVariant', { scope: 'read_products' }, (ctx, id) => this.directory.variant(ctx, id), adminVariantView);
    this.nodes.register('admin_graphql', 'MediaImage', { scope: 'read_products' }, (ctx, id) => this.directory.mediaImage(ctx, id), adminMediaView);
    this.nodes.register('admin_graphql', 'Collection', { scope: 'read_products' }, (ctx, id) => this.collections.collection(ctx, id), adminCollectionView);
    this.nodes.register('admin_graphql', 'Location', { scope: 'read_locations' }, (ctx, id) => this.inventory.location(ctx, id), adminLocationView);
    this.nodes.register('admin_graphql', 'InventoryItem', { scope: 'read_inventory' }, (ctx, id) => this.inventory.item(ctx, id), adminInventoryItemView);
    this.nodes.register('admin_graphql', 'InventoryLevel', { scope: 'read_inventory' }, (ctx, id) => this.inventory.level(ctx, id), adminInventoryLevelView);
    this.taggables.register({
      type: 'Product',
      scope: 'write_products',
      addTags: async (ctx, id, tags) => tagsChange(await this.writes.changeTags(ctx, id, tags, [])),
      removeTags: async (ctx, id, tags) => tagsChange(await this.writes.changeTags(ctx, id, [], tags)),
    });
  }
}

function tagsChange({ product, problems }: ProductWriteResult): TagsChange<AdminProductRecord> {
  return { record: product, problems };
}
