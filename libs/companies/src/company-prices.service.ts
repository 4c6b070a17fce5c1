import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { SqlPool } from '@platform/database';
import type { BuyerPricePair, BuyerPriceRange, BuyerPrices } from '@platform/localization';
import { type MaybePromise, type RequestContext, requestScoped } from '@platform/request';
import { catalogPrice, catalogPriceRange } from './catalog-price.rules.js';
import type { CatalogAdjustment, FixedPrice, PricePair } from './company.records.js';
import { FIXED_PRICES, PRODUCTS_WITH_FIXED_PRICES } from './company.sql.js';

/** A company location's catalog as a request's buyer sees it. */
export interface BuyerCatalog {
  catalogId: number;
  adjustment: CatalogAdjustment;
  /** Whether any variant has a fixed price: without, every price is computed with no statement. */
  hasFixedPrices: boolean;
}

interface VariantRow {
  productId: number;
  price: string;
  compareAtPrice: string | null;
  fixedPrice: string | null;
  fixedCompareAtPrice: string | null;
}

/**
 * The prices of a company location's catalog for one request: the percentage is known from the buyer check;
 * fixed prices are read for every variant (or product) of a level in one statement, batched by DataLoaders.
 */
@Injectable()
export class CompanyPricesService {
  constructor(private readonly sql: SqlPool) {}

  pricesOf(ctx: RequestContext, catalog: BuyerCatalog): BuyerPrices {
    const { adjustment } = catalog;
    if (!catalog.hasFixedPrices) {
      return {
        variant: (_variantId, list) => catalogPrice(list, adjustment, undefined),
        productRange: (_productId, list) => catalogPriceRange(list, adjustment, null),
      };
    }
    return {
      variant: (variantId, list): MaybePromise<BuyerPricePair> =>
        this.fixedPrices(ctx, catalog.catalogId)
          .load(variantId)
          .then((fixed) => catalogPrice(list, adjustment, fixed ?? undefined)),
      productRange: (productId, list): MaybePromise<BuyerPriceRange> =>
        this.productVariants(ctx, catalog.catalogId)
          .load(productId)
          .then((variants) => catalogPriceRange(list, adjustment, variants)),
    };
  }

  private fixedPrices(ctx: RequestContext, catalogId: number): DataLoader<number, FixedPrice | null> {
    return requestScoped(ctx, `companies:fixedPrices:${catalogId}`, () =>
      new DataLoader<number, FixedPrice | null>(async (ids) => {
        const rows = await this.sql.rows<FixedPrice & { variantId: number }>(ctx, FIXED_PRICES, [ctx.shop.id, catalogId, ids]);
        const byVariant = new Map(rows.map((r) => [r.variantId, { price: r.price, compareAtPrice: r.compareAtPrice }]));
        return ids.map((id) => byVariant.get(id) ?? null);
      }),
    );
  }

  private productVariants(ctx: RequestContext, catalogId: number): DataLoader<number, { list: PricePair; fixed: FixedPrice | undefined }[] | null> {
    return requestScoped(ctx, `companies:productVariants:${catalogId}`, () =>
      new DataLoader<number, { list: PricePair; fixed: FixedPrice | undefined }[] | null>(async (ids) => {
        const rows = await this.sql.rows<VariantRow>(ctx, PRODUCTS_WITH_FIXED_PRICES, [ctx.shop.id, catalogId, ids]);
        const byProduct = new Map<number, { list: PricePair; fixed: FixedPrice | undefined }[]>();
        for (const row of rows) {
          const variant = {
            list: { price: row.price, compareAtPrice: row.compareAtPrice },
            fixed: row.fixedPrice === null ? undefined : { price: row.fixedPrice, compareAtPrice: row.fixedCompareAtPrice },
          };
          const list = byProduct.get(row.productId);
          if (list) list.push(variant);
          else byProduct.set(row.productId, [variant]);
        }
        return ids.map((id) => byProduct.get(id) ?? null);
      }),
    );
  }
}
