import { Module } from '@nestjs/common';
import { CatalogStorefrontApiModule } from './catalog-storefront-api.module.js';
import { ShopFrontController } from './pages/shop-front.controller.js';
import { ShopFrontPagesService } from './pages/shop-front-pages.service.js';

/** The page the platform hosts at a shop's own address (`/`): the shop front, its listed products read as the storefront reads them. */
@Module({
  imports: [CatalogStorefrontApiModule],
  controllers: [ShopFrontController],
  providers: [ShopFrontPagesService],
})
export class CatalogPagesApiModule {}
