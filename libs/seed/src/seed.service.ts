import { Injectable } from '@nestjs/common';
import { DiscountCodesService } from '@platform/cart';
import { CatalogImportService, CatalogService, SellingPlansService } from '@platform/catalog';
import { CompaniesService } from '@platform/companies';
import { ContentService, MetaobjectsService } from '@platform/content';
import { CustomersService } from '@platform/customers';
import { MarketsService, TranslationsService } from '@platform/localization';
import { MediaService } from '@platform/media';
import { MetafieldsService } from '@platform/metafields';
import { OrdersService } from '@platform/orders';
import { AuthService } from '@platform/auth';
import { LedgerService, PayoutsService } from '@platform/payments';
import { OrderRisksService } from '@platform/risk';
import type { RequestContext } from '@platform/request';
import { type SeedCounts, type SeedOptions, type SeedProgressListener, seedShop } from './seed-shop.js';

@Injectable()
export class SeedService {
  constructor(
    private readonly catalog: CatalogService,
    private readonly catalogImport: CatalogImportService,
    private readonly media: MediaService,
    private readonly customers: CustomersService,
    private readonly orders: OrdersService,
    private readonly content: ContentService,
    private readonly metafields: MetafieldsService,
    private readonly metaobjects: MetaobjectsService,
    private readonly sellingPlans: SellingPlansService,
    private readonly translations: TranslationsService,
    private readonly markets: MarketsService,
    private readonly risks: OrderRisksService,
    private readonly apps: AuthService,
    private readonly companies: CompaniesService,
    private readonly discountCodes: DiscountCodesService,
    private readonly ledger: LedgerService,
    private readonly payouts: PayoutsService,
  ) {}

  /** Fills a shop with generated demo data (DEMO_SEED_OPTIONS unless told); `onProgress` feeds a progress bar. */
  seed(ctx: RequestContext, options: SeedOptions = {}, onProgress?: SeedProgressListener): Promise<SeedCounts> {
    const { catalog, catalogImport, media, customers, orders, content, metafields, metaobjects, sellingPlans, translations, markets, risks, apps, companies, discountCodes, ledger, payouts } = this;
    return seedShop({ catalog, catalogImport, media, customers, orders, content, metafields, metaobjects, sellingPlans, translations, markets, risks, apps, companies, discountCodes, ledger, payouts }, ctx, options, onProgress);
  }
}
