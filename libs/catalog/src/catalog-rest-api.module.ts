import { Module } from '@nestjs/common';
import { CatalogModule } from './catalog.module.js';
import { ProductImagesController } from './rest/product-images.controller.js';

/** The legacy REST product `image` resource under `/admin/api/{version}/products/{id}/images…` (spec 3). */
@Module({ imports: [CatalogModule], controllers: [ProductImagesController] })
export class CatalogRestApiModule {}
