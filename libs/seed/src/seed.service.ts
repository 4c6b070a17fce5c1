import { Injectable } from '@nestjs/common';
import { CatalogService } from '@platform/catalog';
import { CustomersService } from '@platform/customers';
import { OrdersService } from '@platform/orders';
import { type SeedCounts, type SeedOptions, type SeedProgressListener, seedShop } from './seed-shop.js';

@Injectable()
export class SeedService {
  constructor(
    private readonly catalog: CatalogService,
    private readonly customers: CustomersService,
    private readonly orders: OrdersService,
  ) {}

  /** Fills a shop with generated demo data (DEMO_SEED_OPTIONS unless told); `onProgress` feeds a progress bar. */
  seed(shopId: number, options: SeedOptions = {}, onProgress?: SeedProgressListener): Promise<SeedCounts> {
    return seedShop({ catalog: this.catalog, customers: this.customers, orders: this.orders }, shopId, options, onProgress);
  }
}
