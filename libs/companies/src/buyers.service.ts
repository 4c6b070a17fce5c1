import { Injectable } from '@nestjs/common';
import { SqlPool } from '@platform/database';
import { CustomerAccountsService } from '@platform/customers';
import type { BuyerContext } from '@platform/localization';
import { idOfType } from '@platform/ids';
import type { RequestContext } from '@platform/request';
import { cannotPurchaseFor, invalidCompanyLocation, invalidCustomerAccessToken } from './companies.errors.js';
import type { CatalogAdjustmentType } from './company.records.js';
import { BUYER_LOCATION } from './company.sql.js';
import { CompanyPricesService } from './company-prices.service.js';

/** What `@inContext(buyer:)` names (spec 0: `BuyerInput`). */
export interface BuyerInput {
  customerAccessToken: string;
  companyLocationId?: string | null;
}

interface BuyerLocationRow {
  id: number;
  catalogId: number | null;
  adjustmentType: CatalogAdjustmentType | null;
  adjustmentValue: string | null;
  hasFixedPrices: boolean;
}

/** Checks the buyer of `@inContext(buyer:)`: whose token it is, and whether they buy for the location named. */
@Injectable()
export class BuyersService {
  constructor(
    private readonly accounts: CustomerAccountsService,
    private readonly sql: SqlPool,
    private readonly prices: CompanyPricesService,
  ) {}

  /**
   * The buyer: the enabled customer of a live token of this shop, and the location they buy for, with its
   * catalog's prices. Anything else throws (never a silent fallback to list prices): an unknown or expired token,
   * a malformed location id, a location the customer is not a contact for.
   */
  async buyer(ctx: RequestContext, input: BuyerInput): Promise<BuyerContext> {
    const token = typeof input.customerAccessToken === 'string' ? input.customerAccessToken : '';
    const customer = token ? await this.accounts.customerByAccessToken(ctx, token) : null;
    if (!customer) throw invalidCustomerAccessToken();
    if (input.companyLocationId === undefined || input.companyLocationId === null) return { customerId: customer.id, companyLocationId: null, prices: null };
    const locationId = idOfType(input.companyLocationId, 'CompanyLocation');
    if (locationId === null) throw invalidCompanyLocation(String(input.companyLocationId));
    const [row] = await this.sql.rows<BuyerLocationRow>(ctx, BUYER_LOCATION, [ctx.shop.id, customer.id, locationId]);
    if (!row) throw cannotPurchaseFor(input.companyLocationId);
    const prices =
      row.catalogId === null || row.adjustmentType === null || row.adjustmentValue === null
        ? null
        : this.prices.pricesOf(ctx, { catalogId: row.catalogId, adjustment: { type: row.adjustmentType, value: row.adjustmentValue }, hasFixedPrices: row.hasFixedPrices });
    return { customerId: customer.id, companyLocationId: row.id, prices };
  }
}
