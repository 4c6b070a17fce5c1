import { Module } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { CatalogService } from './catalog.service.js';
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

const SERVICES = [CatalogService, SellingPlansService];

@Module({
  imports: [
    DatabaseModule.forFeature([Product, ProductOption, ProductVariant, ProductImage, Collection, CollectionProduct, SellingPlanGroup, SellingPlan, SellingPlanGroupProduct]),
  ],
  providers: SERVICES,
  exports: SERVICES,
})
export class CatalogModule {}
