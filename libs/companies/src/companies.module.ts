import { Module } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { CompaniesService } from './companies.service.js';
import { CompanyCatalog, CompanyCatalogPrice } from './company-catalog.entity.js';
import { Company, CompanyContact, CompanyContactLocation, CompanyLocation } from './company.entity.js';

// Companies, their locations' catalogs and contacts (seed, CLI and the API). The storefront's buyer check lives in
// CompaniesStorefrontApiModule: it needs the customers' accounts, which need the API's rate-limit store.
@Module({
  imports: [DatabaseModule.forFeature([Company, CompanyLocation, CompanyContact, CompanyContactLocation, CompanyCatalog, CompanyCatalogPrice])],
  providers: [CompaniesService],
  exports: [CompaniesService],
})
export class CompaniesModule {}
