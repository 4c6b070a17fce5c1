import { Module, type OnModuleInit } from '@nestjs/common';
import { NodeRegistry, NodeRegistryModule } from '@platform/graphql-types';
import { LocalizationModule } from '@platform/localization';
import { MetafieldsStorefrontApiModule } from '@platform/metafields';
import type { Access } from '@platform/request';
import { CollectionMetafieldsStorefrontResolver } from './graphql/storefront/collection-metafields.storefront.resolver.js';
import { CollectionsStorefrontResolver } from './graphql/storefront/collections.storefront.resolver.js';
import { collectionView, productView, variantView } from './graphql/storefront/catalog.presenter.js';
import { ProductMetafieldsStorefrontResolver } from './graphql/storefront/product-metafields.storefront.resolver.js';
import { ProductSellingPlansStorefrontResolver } from './graphql/storefront/product-selling-plans.storefront.resolver.js';
import { ProductTagsStorefrontResolver } from './graphql/storefront/product-tags.storefront.resolver.js';
import { ProductsStorefrontResolver } from './graphql/storefront/products.storefront.resolver.js';
import { SellingPlanGroupsStorefrontResolver } from './graphql/storefront/selling-plan-groups.storefront.resolver.js';
import { VariantsStorefrontResolver } from './graphql/storefront/variants.storefront.resolver.js';
import { CatalogStorefrontService } from './storefront/catalog-storefront.service.js';
import { SellingPlansStorefrontService } from './storefront/selling-plans-storefront.service.js';

/** Products, variants, collections, a product's selling plan groups and product and collection metafields on the storefront schema. */
@Module({
  imports: [NodeRegistryModule, LocalizationModule, MetafieldsStorefrontApiModule],
  providers: [
    CatalogStorefrontService,
    ProductsStorefrontResolver,
    VariantsStorefrontResolver,
    CollectionsStorefrontResolver,
    ProductTagsStorefrontResolver,
    SellingPlansStorefrontService,
    SellingPlanGroupsStorefrontResolver,
    ProductSellingPlansStorefrontResolver,
    ProductMetafieldsStorefrontResolver,
    CollectionMetafieldsStorefrontResolver,
  ],
  exports: [CatalogStorefrontService],
})
export class CatalogStorefrontApiModule implements OnModuleInit {
  constructor(
    private readonly nodes: NodeRegistry,
    private readonly catalog: CatalogStorefrontService,
  ) {}

  onModuleInit(): void {
    // A node asks for what its type's root field asks for.
    const products: Access = { scope: 'unauthenticated_read_product_listings' };
    this.nodes.register('storefront', 'Product', products, (ctx, id) => this.catalog.product(ctx, id), productView);
    this.nodes.register('storefront', 'ProductVariant', products, (ctx, id) => this.catalog.variant(ctx, id), variantView);
    this.nodes.register('storefront', 'Collection', { scope: 'unauthenticated_read_collection_listings' }, (ctx, id) => this.catalog.collection(ctx, id), collectionView);
  }
}
