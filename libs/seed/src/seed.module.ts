import { Module } from '@nestjs/common';
import { CatalogModule } from '@platform/catalog';
import { CustomersModule } from '@platform/customers';
import { OrdersModule } from '@platform/orders';
import { SeedService } from './seed.service.js';

@Module({
  imports: [CatalogModule, CustomersModule, OrdersModule],
  providers: [SeedService],
  exports: [SeedService],
})
export class SeedModule {}
