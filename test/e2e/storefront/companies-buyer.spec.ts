import pg from 'pg';
import { Decimal } from '@platform/money';
import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD } from '@platform/seed';
import { send } from '../../support/http.js';
import { sqlDuring } from '../../support/sql.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';

// @inContext(buyer:): the version gate, the buyer check (wrong or expired token, foreign or another company's
// location), and the location's catalog prices in listings, product pages, collections and search, with the
// market's currency, in statements that do not grow with the page; nothing changes without a buyer.
describe('storefront @inContext(buyer:) and B2B catalog prices', () => {
  let t: TestApp;
  let shop: TestShop;
  let other: TestShop;
  let db: pg.Client;
  const locations: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  let otherLocation: string;
  let otherToken: string;
  let plainEmail: string;

  const gql = async (target: TestShop, query: string, variables: Record<string, unknown> = {}, version = '2026-10') =>
    (
      await send(t.app, {
        method: 'POST',
        url: `/api/${version}/graphql.json`,
        host: target.host,
        headers: { 'x-platform-storefront-access-token': target.tokens.storefrontAccessToken },
        body: { query, variables },
      })
    ).body;
  const q = (query: string, variables: Record<string, unknown> = {}, version = '2026-10') => gql(shop, query, variables, version);
  const login = async (target: TestShop, email: string) =>
    (
      await gql(target, 'mutation($input: CustomerAccessTokenCreateInput!) { customerAccessTokenCreate(input: $input) { customerAccessToken { accessToken } } }', {
        input: { email, password: DEMO_CUSTOMER_PASSWORD },
      })
    ).data.customerAccessTokenCreate.customerAccessToken.accessToken as string;
  const buyer = (token: string, location?: string) => ({ buyer: location ? { customerAccessToken: token, companyLocationId: location } : { customerAccessToken: token } });
  const BUYER_QUERY = (body: string) => `query($buyer: BuyerInput!) @inContext(buyer: $buyer) ${body}`;
  const LISTING = `{ products(first: 8) { nodes { id handle priceRange { minVariantPrice { amount currencyCode } maxVariantPrice { amount } }
    compareAtPriceRange { minVariantPrice { amount } maxVariantPrice { amount } }
    variants(first: 10) { nodes { id price { amount currencyCode } compareAtPrice { amount } } } } } }`;

  // Contacts of the seeded companies by location name, read from the tables (ids are not fixed).
  async function contacts(shopId: number) {
    const { rows } = await db.query(
      `select cu.email, l.id as "locationId", l.name from company_contacts ct join customers cu on cu.id = ct.customer_id
       join company_contact_locations cl on cl.contact_id = ct.id join company_locations l on l.id = cl.location_id
       where ct.shop_id = $1 order by l.name, cu.email`,
      [shopId],
    );
    return rows as { email: string; locationId: string; name: string }[];
  }

  beforeAll(async () => {
    const raised = { capacity: 1_000_000, leakPerSecond: 100_000 };
    t = await createTestApp({}, { storefront: raised, customerLogin: { perEmail: raised, perIp: raised } });
    shop = await t.seedShop('b2b', { products: 8, customers: 12, seed: 3 });
    other = await t.seedShop('b2b-other', { products: 2, customers: 6, seed: 4 });
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    const rows = await contacts(shop.shop.id);
    for (const row of rows) locations[row.name] = `gid://platform/CompanyLocation/${row.locationId}`;
    const only = (name: string) => rows.find((r) => r.name === name && r.email !== DEMO_CUSTOMER_EMAIL)!.email;
    tokens.demo = await login(shop, DEMO_CUSTOMER_EMAIL);
    tokens.warehouse = await login(shop, only('Northwind Warehouse'));
    tokens.globex = await login(shop, only('Globex Springfield'));
    // Two customers who are no company's contacts: one buys as themselves, the other's token expires.
    const plain = await db.query(`select email from customers where shop_id = $1 and state = 'enabled' and id not in (select customer_id from company_contacts) order by id limit 2`, [shop.shop.id]);
    tokens.plain = await login(shop, plain.rows[0].email);
    plainEmail = plain.rows[1].email;
    otherLocation = `gid://platform/CompanyLocation/${(await contacts(other.shop.id))[0]!.locationId}`;
    otherToken = await login(other, DEMO_CUSTOMER_EMAIL);
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  it("numbers the seeded locations as docs/storefront.md shows them (the shop's first companies)", () => {
    expect(locations).toEqual({
      'Northwind HQ': 'gid://platform/CompanyLocation/1',
      'Northwind Warehouse': 'gid://platform/CompanyLocation/2',
      'Globex Springfield': 'gid://platform/CompanyLocation/3',
    });
  });

  describe('the version gate', () => {
    it('refuses buyer in 2024-04 and earlier, with nothing executed', async () => {
      const res = await q(BUYER_QUERY('{ shop { name } }'), buyer(tokens.demo!), '2024-04');
      expect(res.data).toBeUndefined();
      expect(res.errors[0].message).toBe("Argument 'buyer' on directive '@inContext' is not available in version 2024-04.");
    });

    it('accepts it from 2024-07', async () => {
      const res = await q(BUYER_QUERY('{ shop { name } }'), buyer(tokens.demo!, locations['Northwind HQ']), '2024-07');
      expect(res.errors).toBeUndefined();
      expect(res.data.shop.name).toBeTruthy();
    });
  });

  describe('the buyer check', () => {
    const refused = async (variables: Record<string, unknown>, code: string) => {
      const res = await q(BUYER_QUERY(LISTING), variables);
      expect(res.data).toBeUndefined();
      expect(res.errors).toHaveLength(1);
      expect(res.errors[0].extensions.code).toBe(code);
      return res.errors[0].message as string;
    };

    it('refuses an unknown token, never falling back to list prices', async () => {
      expect(await refused(buyer('0'.repeat(32), locations['Northwind HQ']), 'ACCESS_DENIED')).toBe('Customer access token is invalid or expired.');
      await refused(buyer('not a token'), 'ACCESS_DENIED');
      await refused(buyer(''), 'ACCESS_DENIED');
      // NUL bytes are refused by the platform's input limits before any lookup.
      await refused(buyer(`${tokens.demo}\u0000`), 'BAD_USER_INPUT');
    });

    it('refuses hostile location ids as malformed, never a 500', async () => {
      for (const id of ['gid://platform/CompanyLocation/-1', 'gid://platform/CompanyLocation/1 ', 'x'.repeat(2000)]) {
        await refused(buyer(tokens.demo!, id), 'INVALID_COMPANY_LOCATION');
      }
      await refused(buyer(tokens.demo!, 'gid://platform/CompanyLocation/1\u0000'), 'BAD_USER_INPUT');
    });

    it("refuses another shop's token", async () => {
      await refused(buyer(otherToken), 'ACCESS_DENIED');
    });

    it('refuses an expired token', async () => {
      const expiring = await login(shop, plainEmail);
      expect((await q(BUYER_QUERY('{ shop { name } }'), buyer(expiring))).errors).toBeUndefined();
      await db.query(
        `update customer_access_tokens set expires_at = now() - interval '1 second' where shop_id = $1 and customer_id = (select id from customers where shop_id = $1 and email = $2)`,
        [shop.shop.id, plainEmail],
      );
      await refused(buyer(expiring), 'ACCESS_DENIED');
    });

    it('refuses a malformed location id', async () => {
      for (const id of ['12', 'gid://platform/Company/1', 'gid://platform/CompanyLocation/abc', 'gid://platform/CompanyLocation/0']) {
        expect(await refused(buyer(tokens.demo!, id), 'INVALID_COMPANY_LOCATION')).toContain(id);
      }
    });

    it("refuses a location of another company, one the contact is not assigned to, an unknown one and another shop's", async () => {
      await refused(buyer(tokens.demo!, locations['Globex Springfield']), 'BUYER_CANNOT_PURCHASE_FOR_COMPANY_LOCATION');
      await refused(buyer(tokens.globex!, locations['Northwind HQ']), 'BUYER_CANNOT_PURCHASE_FOR_COMPANY_LOCATION');
      await refused(buyer(tokens.warehouse!, locations['Northwind HQ']), 'BUYER_CANNOT_PURCHASE_FOR_COMPANY_LOCATION');
      await refused(buyer(tokens.plain!, locations['Northwind HQ']), 'BUYER_CANNOT_PURCHASE_FOR_COMPANY_LOCATION');
      await refused(buyer(tokens.demo!, 'gid://platform/CompanyLocation/999999999'), 'BUYER_CANNOT_PURCHASE_FOR_COMPANY_LOCATION');
      await refused(buyer(tokens.demo!, otherLocation), 'BUYER_CANNOT_PURCHASE_FOR_COMPANY_LOCATION');
    });

    it('refuses a buyer without its token by validation', async () => {
      const res = await q('query @inContext(buyer: { companyLocationId: "gid://platform/CompanyLocation/1" }) { shop { name } }');
      expect(res.data).toBeUndefined();
      expect(res.errors[0].message).toMatch(/customerAccessToken/);
    });
  });

  describe('prices', () => {
    let list: any[];
    const adjust = (amount: string, percent: string) => new Decimal(amount).times(new Decimal(1).minus(new Decimal(percent).div(100))).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
    let fixed: Map<string, { price: string; compareAtPrice: string | null }>;

    beforeAll(async () => {
      list = (await q(`query ${LISTING}`)).data.products.nodes;
      const { rows } = await db.query(
        `select f.variant_id, f.price::text, f.compare_at_price::text as "compareAtPrice" from company_catalog_prices f
         join company_locations l on l.catalog_id = f.catalog_id where l.id = $1`,
        [locations['Northwind Warehouse']!.split('/').pop()],
      );
      fixed = new Map(rows.map((r) => [`gid://platform/ProductVariant/${r.variant_id}`, { price: r.price, compareAtPrice: r.compareAtPrice }]));
      expect(fixed.size).toBeGreaterThanOrEqual(2);
    });

    it('are list prices without a buyer, and for a buyer without a company location (the customer buys as themselves)', async () => {
      expect((await q(BUYER_QUERY(LISTING), buyer(tokens.plain!))).data.products.nodes).toEqual(list);
      expect((await q(BUYER_QUERY(LISTING), buyer(tokens.demo!))).data.products.nodes).toEqual(list);
    });

    it("are the location's percentage in listings: every variant, price range and compare-at", async () => {
      const hq = (await q(BUYER_QUERY(LISTING), buyer(tokens.demo!, locations['Northwind HQ']))).data.products.nodes;
      hq.forEach((product: any, i: number) => {
        const base = list[i];
        expect(product.priceRange.minVariantPrice).toEqual({ amount: adjust(base.priceRange.minVariantPrice.amount, '15'), currencyCode: 'USD' });
        expect(product.priceRange.maxVariantPrice.amount).toBe(adjust(base.priceRange.maxVariantPrice.amount, '15'));
        product.variants.nodes.forEach((variant: any, j: number) => {
          const listed = base.variants.nodes[j];
          expect(variant.price).toEqual({ amount: adjust(listed.price.amount, '15'), currencyCode: 'USD' });
          expect(variant.compareAtPrice).toEqual(listed.compareAtPrice && { amount: adjust(listed.compareAtPrice.amount, '15') });
        });
      });
    });

    it('are fixed prices where the catalog has them, and the percentage elsewhere; ranges over the catalog prices', async () => {
      const warehouse = (await q(BUYER_QUERY(LISTING), buyer(tokens.warehouse!, locations['Northwind Warehouse']))).data.products.nodes;
      let seen = 0;
      warehouse.forEach((product: any, i: number) => {
        const expected = product.variants.nodes.map((variant: any, j: number) => {
          const listed = list[i].variants.nodes[j];
          const own = fixed.get(variant.id);
          if (own) seen++;
          return own ? { price: own.price, compareAtPrice: own.compareAtPrice } : { price: adjust(listed.price.amount, '5'), compareAtPrice: listed.compareAtPrice && adjust(listed.compareAtPrice.amount, '5') };
        });
        product.variants.nodes.forEach((variant: any, j: number) => {
          expect(variant.price.amount).toBe(expected[j].price);
          expect(variant.compareAtPrice?.amount ?? null).toBe(expected[j].compareAtPrice);
        });
        const prices = expected.map((e: any) => new Decimal(e.price));
        expect(product.priceRange.minVariantPrice.amount).toBe(Decimal.min(...prices).toFixed(2));
        expect(product.priceRange.maxVariantPrice.amount).toBe(Decimal.max(...prices).toFixed(2));
      });
      expect(seen).toBe(fixed.size);
    });

    it('are the same on the product page, a variant by id, a collection and search', async () => {
      const variables = buyer(tokens.warehouse!, locations['Northwind Warehouse']);
      const [variantId, own] = [...fixed.entries()][0]!;
      const product = list.find((p) => p.variants.nodes.some((v: any) => v.id === variantId));
      const page = (await q(BUYER_QUERY(`{ product(handle: "${product.handle}") { priceRange { minVariantPrice { amount } } variants(first: 10) { nodes { id price { amount } } } } }`), variables)).data.product;
      expect(page.variants.nodes.find((v: any) => v.id === variantId).price.amount).toBe(own.price);
      const node = (await q(BUYER_QUERY(`{ node(id: "${variantId}") { ... on ProductVariant { price { amount } compareAtPrice { amount } } } }`), variables)).data.node;
      expect(node).toEqual({ price: { amount: own.price }, compareAtPrice: own.compareAtPrice && { amount: own.compareAtPrice } });
      const inCollections = (await q(BUYER_QUERY('{ collections(first: 5) { nodes { products(first: 20) { nodes { variants(first: 10) { nodes { id price { amount } } } } } } } }'), variables)).data.collections.nodes;
      const inCollection = inCollections.flatMap((c: any) => c.products.nodes.flatMap((p: any) => p.variants.nodes)).filter((v: any) => v.id === variantId);
      inCollection.forEach((v: any) => expect(v.price.amount).toBe(own.price));
      const found = (await q(BUYER_QUERY(`{ search(query: "${product.handle.split('-')[0]}", first: 20, types: PRODUCT) { nodes { ... on Product { variants(first: 10) { nodes { id price { amount } } } } } } }`), variables)).data.search.nodes;
      const inSearch = found.flatMap((p: any) => p.variants.nodes).filter((v: any) => v.id === variantId);
      inSearch.forEach((v: any) => expect(v.price.amount).toBe(own.price));
      expect(inCollection.length + inSearch.length).toBeGreaterThan(0);
    });

    it("are converted into the market's currency after the catalog (country and buyer together)", async () => {
      const query = `query($buyer: BuyerInput!) @inContext(country: FR, buyer: $buyer) ${LISTING}`;
      const eur = (await q(query, buyer(tokens.demo!, locations['Northwind HQ']))).data.products.nodes;
      eur.forEach((product: any, i: number) => {
        product.variants.nodes.forEach((variant: any, j: number) => {
          const b2b = adjust(list[i].variants.nodes[j].price.amount, '15');
          expect(variant.price).toEqual({ amount: new Decimal(b2b).times('0.92').toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2), currencyCode: 'EUR' });
        });
      });
    });

    it('cost statements that do not grow with the page, and none of the companies tables without a buyer', async () => {
      const page = (n: number) => `{ products(first: ${n}) { nodes { priceRange { minVariantPrice { amount } } variants(first: 10) { nodes { price { amount } compareAtPrice { amount } } } } } }`;
      const variables = buyer(tokens.warehouse!, locations['Northwind Warehouse']);
      await q(BUYER_QUERY(page(1)), variables);
      const small = await sqlDuring(() => q(BUYER_QUERY(page(2)), variables));
      const large = await sqlDuring(() => q(BUYER_QUERY(page(8)), variables));
      expect(large.statements.length).toBe(small.statements.length);
      expect(large.statements.filter((s) => s.includes('company_catalog_prices')).length).toBe(3); // the buyer check, a level of variants, a level of products
      const plain = await sqlDuring(() => q(`query ${page(8)}`));
      expect(plain.statements.filter((s) => /compan|customer_access_tokens/.test(s))).toEqual([]);
    });
  });
});
