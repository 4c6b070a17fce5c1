import { Module } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { CatalogService } from './catalog.service.js';
import { CollectionProduct } from './collection-product.entity.js';
import { Collection } from './collection.entity.js';
import { ProductImage } from './product-image.entity.js';
import { ProductOption } from './product-option.entity.js';
import { ProductVariant } from './product-variant.entity.js';
import { Product } from './product.entity.js';

@Module({
  imports: [DatabaseModule.forFeature([Product, ProductOption, ProductVariant, ProductImage, Collection, CollectionProduct])],
  providers: [CatalogService],
  exports: [CatalogService],
})
export class CatalogModule {}
