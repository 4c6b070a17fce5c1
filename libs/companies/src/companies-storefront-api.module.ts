import { Module } from '@nestjs/common';
import { CustomersStorefrontApiModule } from '@platform/customers';
import { BuyerContextHook } from './buyer-context.hook.js';
import { BuyersService } from './buyers.service.js';
import { CompaniesModule } from './companies.module.js';
import { CompanyPricesService } from './company-prices.service.js';

/**
 * `@inContext(buyer:)` on the storefront: BuyerContextHook (a hook of the storefront schema, apps/api) checks the
 * buyer before execution; prices follow through `buyerOf(ctx)` (@platform/localization) and the presentment. No schema
 * type of its own. Customers answer whose access token it is; customers do not import companies.
 */
@Module({
  imports: [CompaniesModule, CustomersStorefrontApiModule],
  providers: [BuyersService, CompanyPricesService, BuyerContextHook],
  exports: [BuyerContextHook],
})
export class CompaniesStorefrontApiModule {}
