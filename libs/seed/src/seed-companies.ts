import { Decimal } from '@platform/money';
import type { NewCompany } from '@platform/companies';

/** A seeded customer who may buy for a company (enabled, with the demo password). */
export interface SeedBuyer {
  id: number;
  email: string;
}

/** A seeded variant with its list price, for fixed catalog prices. */
export interface SeedPricedVariant {
  id: number;
  price: string;
}

/**
 * The demo shop's B2B companies (docs/storefront.md, "B2B buyers"): Northwind Traders with two locations, HQ (its
 * catalog takes 15% off every price) and Warehouse (5% off, and fixed prices, about 30% off, on the first variants
 * of the catalog); Globex Corporation with one location (10% off). The first buyer (the demo customer) buys for
 * both Northwind locations, the second for Northwind Warehouse only, the third for Globex. Empty without three
 * buyers.
 */
export function seedCompanies(buyers: readonly SeedBuyer[], variants: readonly SeedPricedVariant[]): NewCompany[] {
  if (buyers.length < 3) return [];
  const [demo, warehouse, globex] = buyers as [SeedBuyer, SeedBuyer, SeedBuyer];
  const fixedPrices = variants.slice(0, 4).map((v) => ({
    variantId: v.id,
    price: new Decimal(v.price).times('0.7').toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
    compareAtPrice: v.price,
  }));
  return [
    {
      name: 'Northwind Traders',
      externalId: 'NW-001',
      locations: [
        { name: 'Northwind HQ', catalog: { title: 'Northwind wholesale', adjustment: { type: 'PERCENTAGE_DECREASE', value: '15' } } },
        { name: 'Northwind Warehouse', catalog: { title: 'Northwind contract prices', adjustment: { type: 'PERCENTAGE_DECREASE', value: '5' }, fixedPrices } },
      ],
      contacts: [
        { customerId: demo.id, locations: ['Northwind HQ', 'Northwind Warehouse'] },
        { customerId: warehouse.id, locations: ['Northwind Warehouse'] },
      ],
    },
    {
      name: 'Globex Corporation',
      externalId: 'GX-042',
      locations: [{ name: 'Globex Springfield', catalog: { title: 'Globex partner prices', adjustment: { type: 'PERCENTAGE_DECREASE', value: '10' } } }],
      contacts: [{ customerId: globex.id, locations: ['Globex Springfield'] }],
    },
  ];
}
