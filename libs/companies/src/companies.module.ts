import { Module, type OnModuleInit } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { MetafieldOwnerRegistry, MetafieldsModule } from '@platform/metafields';
import { CompaniesService } from './companies.service.js';
import { CompanyCatalog, CompanyCatalogPrice } from './company-catalog.entity.js';
import { Company, CompanyContact, CompanyContactLocation, CompanyLocation } from './company.entity.js';

// Companies, their locations' catalogs and contacts (seed, CLI and the API). The storefront's buyer check lives in
// CompaniesStorefrontApiModule: it needs the customers' accounts, which need the API's rate-limit store.
@Module({
  imports: [DatabaseModule.forFeature([Company, CompanyLocation, CompanyContact, CompanyContactLocation, CompanyCatalog, CompanyCatalogPrice]), MetafieldsModule],
  providers: [CompaniesService],
  exports: [CompaniesService],
})
export class CompaniesModule implements OnModuleInit {
  constructor(
    private readonly owners: MetafieldOwnerRegistry,
    private readonly companies: CompaniesService,
  ) {}

  // A company's metafields are private B2B data under the customers' scopes (no scope of its own), never on the storefront.
  onModuleInit(): void {
    this.owners.register({
      ownerType: 'COMPANY',
      type: 'Company',
      read: 'read_customers',
      write: 'write_customers',
      storefront: false,
      existing: (ctx, ids) => this.companies.existingIds(ctx, ids),
    });
  }
}
