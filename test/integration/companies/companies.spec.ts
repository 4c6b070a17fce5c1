import { CatalogModule } from '@platform/catalog';
import { createProduct } from '@platform/catalog/testing';
import { BuyersService, CompaniesStorefrontApiModule } from '@platform/companies';
import { createCompany } from '@platform/companies/testing';
import { createCustomer, createCustomerAccessToken } from '@platform/customers/testing';
import { DomainError } from '@platform/errors';
import { Decimal } from '@platform/money';
import type { BuyerContext } from '@platform/localization';
import { RedisModule } from '@platform/redis';
import type { RequestContext } from '@platform/request';
import type { ShopSnapshot } from '@platform/tenancy';
import { ThrottleModule } from '@platform/throttling';
import { type ContextTestModule, createContextTestModule } from '../../support/context-test-module.js';
import { sqlDuring } from '../../support/sql.js';

// Companies on Postgres: the import (all or nothing, the shop's own customers and variants), the buyer check
// (token, location membership) and a location's catalog prices, batched: one statement per level of variants.
describe('companies and B2B prices on Postgres', () => {
  let t: ContextTestModule;
  let buyers: BuyersService;
  let shopA: ShopSnapshot;
  let shopB: ShopSnapshot;
  let ctxA: RequestContext;
  const fresh = (): RequestContext => ({ ...t.ctxOf(shopA) });

  beforeAll(async () => {
    // Catalog: the test's products (fixed prices name their variants).
    t = await createContextTestModule([RedisModule.forRoot(undefined), ThrottleModule.forRoot(), CatalogModule, CompaniesStorefrontApiModule]);
    buyers = t.moduleRef.get(BuyersService);
    shopA = await t.createShop('companies-a');
    shopB = await t.createShop('companies-b');
    ctxA = t.ctxOf(shopA);
  });
  afterAll(() => t?.close());

  const problem = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      if (error instanceof DomainError) return { code: error.code, field: error.field, message: error.message };
      throw error;
    }
    throw new Error('expected a DomainError');
  };

  describe('importCompanies', () => {
    it("refuses another shop's customer or variant, and a customer who is already a contact, writing nothing", async () => {
      const foreignCustomer = await createCustomer(t.ctxOf(shopB));
      const foreignProduct = await createProduct(t.ctxOf(shopB));
      const mine = await createCustomer(ctxA);
      const count = async () => (await ctxA.em.getConnection().execute<{ n: number }[]>('select count(*)::int as n from companies'))[0]!.n;
      const before = await count();
      expect(await problem(() => createCompany(ctxA, { contacts: [{ customerId: foreignCustomer.id, locations: ['HQ'] }] }))).toMatchObject({ code: 'INVALID', field: 'companies' });
      expect(
        await problem(() =>
          createCompany(ctxA, { locations: [{ name: 'HQ', catalog: { title: 'C', adjustment: { type: 'PERCENTAGE_DECREASE', value: '5' }, fixedPrices: [{ variantId: foreignProduct.variants[0]!.id, price: '1.00' }] } }] }),
        ),
      ).toMatchObject({ code: 'INVALID' });
      await createCompany(ctxA, { contacts: [{ customerId: mine.id, locations: ['HQ'] }] });
      expect(await problem(() => createCompany(ctxA, { name: 'Second', contacts: [{ customerId: mine.id, locations: ['HQ'] }] }))).toMatchObject({ code: 'TAKEN' });
      expect(await count()).toBe(before + 1);
    });
  });

  describe('the buyer and their prices', () => {
    let customerId: number;
    let token: string;
    let hq: number;
    let depot: number;
    let strangerLocation: number;
    let variants: { id: number; price: string; compareAtPrice: string | null }[];

    beforeAll(async () => {
      const products = await Promise.all([1, 2, 3].map(() => createProduct(ctxA)));
      variants = products.flatMap((p) => p.variants.map((v) => ({ id: v.id, price: '10.00', compareAtPrice: '12.00' })));
      const customer = await createCustomer(ctxA, { state: 'enabled' });
      customerId = customer.id;
      token = (await createCustomerAccessToken(ctxA, customerId)).accessToken;
      const company = await createCompany(ctxA, {
        name: 'Buyer Co',
        locations: [
          { name: 'HQ', catalog: { title: 'Percentage', adjustment: { type: 'PERCENTAGE_DECREASE', value: '12.5' } } },
          { name: 'Depot', catalog: { title: 'Fixed', adjustment: { type: 'PERCENTAGE_INCREASE', value: '10' }, fixedPrices: [{ variantId: variants[0]!.id, price: '7.00', compareAtPrice: null }] } },
          { name: 'Elsewhere' },
        ],
        contacts: [{ customerId, locations: ['HQ', 'Depot'] }],
      });
      [hq, depot] = company.locationIds as [number, number];
      strangerLocation = company.locationIds[2]!;
    });

    const gid = (id: number) => `gid://platform/CompanyLocation/${id}`;

    it('is the customer alone without a location, and their location with its catalog', async () => {
      expect(await buyers.buyer(fresh(), { customerAccessToken: token })).toEqual({ customerId, companyLocationId: null, prices: null });
      const buyer = await buyers.buyer(fresh(), { customerAccessToken: token, companyLocationId: gid(hq) });
      expect(buyer).toMatchObject({ customerId, companyLocationId: hq });
      expect(buyer.prices).not.toBeNull();
    });

    it('refuses a wrong token, an unassigned location and a location of the shop seen from another shop', async () => {
      expect(await problem(() => buyers.buyer(fresh(), { customerAccessToken: 'f'.repeat(32) }))).toMatchObject({ code: 'INVALID_CUSTOMER_ACCESS_TOKEN' });
      expect(await problem(() => buyers.buyer(fresh(), { customerAccessToken: token, companyLocationId: gid(strangerLocation) }))).toMatchObject({ code: 'BUYER_CANNOT_PURCHASE_FOR_COMPANY_LOCATION' });
      expect(await problem(() => buyers.buyer(t.ctxOf(shopB), { customerAccessToken: token, companyLocationId: gid(hq) }))).toMatchObject({ code: 'INVALID_CUSTOMER_ACCESS_TOKEN' });
    });

    it('prices a percentage catalog at once, with no statement', async () => {
      const ctx = fresh();
      const buyer: BuyerContext = await buyers.buyer(ctx, { customerAccessToken: token, companyLocationId: gid(hq) });
      const { statements, result } = await sqlDuring(async () => buyer.prices!.variant(variants[0]!.id, { price: '10.00', compareAtPrice: '12.00' }));
      expect(result).toEqual({ price: '8.75', compareAtPrice: '10.50' });
      expect(statements).toEqual([]);
    });

    it('reads the fixed prices of a level of variants in one statement, and of a level of products in one', async () => {
      const ctx = fresh();
      const buyer = await buyers.buyer(ctx, { customerAccessToken: token, companyLocationId: gid(depot) });
      const { statements, result } = await sqlDuring(() => Promise.all(variants.map((v) => buyer.prices!.variant(v.id, { price: v.price, compareAtPrice: v.compareAtPrice }))));
      expect(statements).toHaveLength(1);
      expect(result[0]).toEqual({ price: '7.00', compareAtPrice: null });
      expect(result.slice(1).every((p) => p.price === '11.00' && p.compareAtPrice === '13.20')).toBe(true);
      const list = { minPrice: '10.00', maxPrice: '10.00', minCompareAtPrice: '12.00', maxCompareAtPrice: '12.00' };
      const productIds = [...new Set(await Promise.all(variants.map(async (v) => (await ctx.em.getConnection().execute<{ product_id: number }[]>('select product_id from product_variants where id = ?', [v.id]))[0]!.product_id)))];
      const ranges = await sqlDuring(() => Promise.all(productIds.map((id) => buyer.prices!.productRange(Number(id), list))));
      expect(ranges.statements).toHaveLength(1);
      // The product with a fixed price ranges over its variants as stored: the fixed 7.00 and the others' list prices + 10%.
      const rows = await ctxA.em.getConnection().execute<{ price: string }[]>('select price::text from product_variants where product_id = ? and id <> ?', [productIds[0], variants[0]!.id]);
      const highest = Decimal.max(...rows.map((r) => new Decimal(r.price).times('1.1')));
      expect(ranges.result[0]).toMatchObject({ minPrice: '7.00', maxPrice: highest.toFixed(2) });
      expect(ranges.result[1]).toEqual({ minPrice: '11.00', maxPrice: '11.00', minCompareAtPrice: '13.20', maxCompareAtPrice: '13.20' });
    });
  });
});
