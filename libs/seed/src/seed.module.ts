import { Module } from '@nestjs/common';
import { AuthModule } from '@platform/auth';
import { CatalogModule } from '@platform/catalog';
import { CartModule } from '@platform/cart';
import { CompaniesModule } from '@platform/companies';
import { ContentModule } from '@platform/content';
import { CustomersModule } from '@platform/customers';
import { LocalizationModule } from '@platform/localization';
import { MediaModule } from '@platform/media';
import { MetafieldsModule } from '@platform/metafields';
import { OrdersModule } from '@platform/orders';
import { PaymentsModule } from '@platform/payments';
import { RiskModule } from '@platform/risk';
import { SystemContextModule } from '@platform/request';
import { TenancyModule } from '@platform/tenancy';
import { DemoShopService } from './demo-shop.service.js';
import { SeedService } from './seed.service.js';

@Module({
  imports: [TenancyModule, AuthModule, SystemContextModule, CatalogModule, MediaModule, ContentModule, MetafieldsModule, LocalizationModule, CustomersModule, OrdersModule, RiskModule, CompaniesModule, CartModule, PaymentsModule],
  providers: [SeedService, DemoShopService],
  exports: [SeedService, DemoShopService],
})
export class SeedModule {}
