import { Module, type OnModuleInit } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { MetafieldOwnerRegistry, MetafieldsModule } from '@platform/metafields';
import { CatalogService } from './catalog.service.js';
import { InventoryService } from './inventory/inventory.service.js';
import { CollectionProduct } from './collection-product.entity.js';
import { Collection } from './collection.entity.js';
import { ProductImage } from './product-image.entity.js';
import { ProductOption } from './product-option.entity.js';
import { ProductVariant } from './product-variant.entity.js';
import { Product } from './product.entity.js';
import { SellingPlanGroupProduct } from './selling-plan-group-product.entity.js';
import { SellingPlanGroup } from './selling-plan-group.entity.js';
import { SellingPlan } from './selling-plan.entity.js';
import { SellingPlansService } from './selling-plans.service.js';

const SERVICES = [CatalogService, SellingPlansService, InventoryService];

@Module({
  imports: [
    DatabaseModule.forFeature([Product, ProductOption, ProductVariant, ProductImage, Collection, CollectionProduct, SellingPlanGroup, SellingPlan, SellingPlanGroupProduct]),
    // Products, variants and collections keep metafields: the catalog registers them as owners, and writes its own
    // metafields through MetafieldsService in its transactions.
    MetafieldsModule,
  ],
  providers: SERVICES,
  exports: SERVICES,
})
export class CatalogModule implements OnModuleInit {
  constructor(
    private readonly owners: MetafieldOwnerRegistry,
    private readonly catalog: CatalogService,
  ) {}

  // Written with write_products and read with read_products; the storefront shows them on the products it lists.
  onModuleInit(): void {
    for (const [ownerType, type] of [['PRODUCT', 'Product'], ['PRODUCTVARIANT', 'ProductVariant'], ['COLLECTION', 'Collection']] as const) {
      this.owners.register({
        ownerType,
        type,
        read: 'read_products',
        write: 'write_products',
        storefront: true,
        existing: (ctx, ids) => this.catalog.existingOwners(ctx, ownerType, ids),
      });
    }
  }
}
