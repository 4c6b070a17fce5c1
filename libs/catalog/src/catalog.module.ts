import { Module, type OnModuleInit } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { EventsModule } from '@platform/events';
import { MediaModule } from '@platform/media';
import { MetafieldOwnerRegistry, MetafieldsModule } from '@platform/metafields';
import { CatalogImportService } from './admin/catalog-import.service.js';
import { ProductImagesService } from './admin/product-images.service.js';
import { ShopFilesService } from './admin/shop-files.service.js';
import { ProductImageDownloadsService } from './admin/product-image-downloads.service.js';
import { ProductImageDownloadJob } from './jobs/product-image-download.job.js';
import { ImageDownloadQueue } from './admin/image-download-queue.js';
import { ImageDownloadJobs } from './image-download-jobs.js';
import { CollectionWritesService } from './admin/collection-writes.service.js';
import { ProductOperationsService } from './admin/product-operations.service.js';
import { ProductSetOperationsService } from './product-set-operations.service.js';
import { ProductSetService } from './admin/product-set.service.js';
import { ProductWritesService } from './admin/product-writes.service.js';
import { VariantCreationLimit } from './admin/variant-creation-limit.js';
import { VariantWritesService } from './admin/variant-writes.service.js';
import { ProductSetJob } from './jobs/product-set.job.js';
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

// The catalog's use cases, the admin API's writes among them (the worker runs productSet's job with them).
const SERVICES = [
  CatalogService,
  CatalogImportService,
  SellingPlansService,
  InventoryService,
  ProductWritesService,
  VariantWritesService,
  VariantCreationLimit,
  CollectionWritesService,
  ProductSetService,
  ProductOperationsService,
  ProductSetOperationsService,
  ProductImagesService,
  ShopFilesService,
  ProductImageDownloadsService,
];

@Module({
  imports: [
    DatabaseModule.forFeature([Product, ProductOption, ProductVariant, ProductImage, Collection, CollectionProduct, SellingPlanGroup, SellingPlan, SellingPlanGroupProduct]),
    // Products, variants and collections keep metafields: the catalog registers them as owners, and writes its own
    // metafields through MetafieldsService in its transactions.
    MetafieldsModule,
    // Image files: checked and kept by the media context; the catalog keeps the rows and their keys.
    MediaModule,
    // productSet(synchronous: false) asks for its job with the operation's write.
    EventsModule,
  ],
  providers: [...SERVICES, ProductSetJob, ProductImageDownloadJob, { provide: ImageDownloadQueue, useClass: ImageDownloadJobs }],
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
    // Images' metafields (REST's image create sets them) are the admin's only: the storefront's Image has none.
    this.owners.register({
      ownerType: 'MEDIA_IMAGE',
      type: 'MediaImage',
      read: 'read_products',
      write: 'write_products',
      storefront: false,
      existing: (ctx, ids) => this.catalog.existingOwners(ctx, 'MEDIA_IMAGE', ids),
    });
  }
}
