import { Decimal } from '@platform/money';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { send } from '../../support/http.js';

// @inContext: country → the market's currency and converted prices; language → translated content.
describe('storefront @inContext and localization', () => {
  let t: TestApp;
  let shop: TestShop;

  beforeAll(async () => {
    t = await createTestApp({}, { storefront: { capacity: 100_000, leakPerSecond: 1000 } });
    shop = await t.seedShop('acme', { products: 8, seed: 3 });
  });
  afterAll(() => t.close());

  const q = async (query: string, version = '2026-10') =>
    (await send(t.app, { method: 'POST', url: `/api/${version}/graphql.json`, host: shop.host, body: { query } })).body;

  const PRICES = '{ products(first: 3) { nodes { title priceRange { minVariantPrice { amount currencyCode } } variants(first: 1) { nodes { price { amount currencyCode } } } } } }';

  it('shows prices in the shop currency without @inContext', async () => {
    const res = await q(`query ${PRICES}`);
    expect(res.data.products.nodes[0].variants.nodes[0].price.currencyCode).toBe('USD');
  });

  it('converts prices exactly into the market currency of the country (CAD rounded to .99, EUR to the cent)', async () => {
    const usd = (await q(`query ${PRICES}`)).data.products.nodes;
    const cad = (await q(`query @inContext(country: CA) ${PRICES}`)).data.products.nodes;
    const eur = (await q(`query @inContext(country: FR) ${PRICES}`)).data.products.nodes;
    for (let i = 0; i < usd.length; i++) {
      const base = new Decimal(usd[i].variants.nodes[0].price.amount);
      const inCad = cad[i].variants.nodes[0].price;
      expect(inCad.currencyCode).toBe('CAD');
      expect(inCad.amount).toMatch(/\.99$/);
      expect(new Decimal(inCad.amount).gte(base.times('1.35').minus('0.99'))).toBe(true);
      expect(new Decimal(inCad.amount).lt(base.times('1.35').plus('1'))).toBe(true);
      const inEur = eur[i].variants.nodes[0].price;
      expect(inEur).toEqual({ amount: base.times('0.92').toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2), currencyCode: 'EUR' });
      expect(eur[i].priceRange.minVariantPrice.currencyCode).toBe('EUR');
    }
  });

  it('falls back to the primary market for a country the shop does not sell to', async () => {
    const res = await q(`query @inContext(country: JP) ${PRICES}`);
    expect(res.data.products.nodes[0].variants.nodes[0].price.currencyCode).toBe('USD');
  });

  it('answers titles in French with language: FR', async () => {
    const en = (await q('query { products(first: 3) { nodes { handle title } } }')).data.products.nodes;
    const fr = (await q('query @inContext(language: FR) { products(first: 3) { nodes { handle title description } } }')).data.products.nodes;
    expect(fr.map((p: any) => p.handle)).toEqual(en.map((p: any) => p.handle));
    expect(fr.some((p: any, i: number) => p.title !== en[i].title)).toBe(true);
  });

  it('answers pages and articles in French with language: FR', async () => {
    const query = '{ page(handle: "about") { title body bodySummary } articles(first: 3) { nodes { handle title contentHtml content(truncateAt: 40) } } }';
    const en = (await q(`query ${query}`)).data;
    const fr = (await q(`query @inContext(language: FR) ${query}`)).data;
    expect(en.page.title).toBe('About us');
    expect(fr.page.title).toBe('À propos');
    expect(fr.page.body).not.toBe(en.page.body);
    expect(fr.page.bodySummary).not.toBe(en.page.bodySummary);
    expect(fr.articles.nodes.map((a: any) => a.handle)).toEqual(en.articles.nodes.map((a: any) => a.handle));
    expect(fr.articles.nodes.every((a: any, i: number) => a.title !== en.articles.nodes[i].title)).toBe(true);
    expect(fr.articles.nodes[0].content.length).toBeLessThanOrEqual(40);
  });

  it('refuses arguments the version does not have (language after 2022-04)', async () => {
    const old = await q('query @inContext(language: FR) { shop { name } }', '2022-04');
    expect(old.data).toBeUndefined();
    expect(old.errors[0].message).toMatch(/language.*not available in version 2022-04/);
    const newer = await q('query @inContext(language: FR) { shop { name } }', '2022-07');
    expect(newer.data.shop.name).toBe('Acme');
    const buyer = await q('query @inContext(buyer: { customerAccessToken: "x" }) { shop { name } }', '2024-04');
    expect(buyer.errors[0].message).toMatch(/buyer/);
    const country = await q('query @inContext(country: CA) { shop { name } }', '2022-01');
    expect(country.data.shop.name).toBe('Acme');
  });

  it('lists countries and languages, with the ones in effect', async () => {
    const res = await q(`query @inContext(country: CA, language: FR) { localization {
      country { isoCode name currency { isoCode symbol } availableLanguages { isoCode } }
      language { isoCode endonymName }
      availableCountries { isoCode currency { isoCode } }
      market { handle } } }`);
    expect(res.errors).toBeUndefined();
    const l = res.data.localization;
    expect(l.country).toMatchObject({ isoCode: 'CA', currency: { isoCode: 'CAD' }, availableLanguages: [{ isoCode: 'EN' }, { isoCode: 'FR' }] });
    expect(l.language).toEqual({ isoCode: 'FR', endonymName: 'français' });
    expect(l.availableCountries).toEqual([
      { isoCode: 'CA', currency: { isoCode: 'CAD' } },
      { isoCode: 'FR', currency: { isoCode: 'EUR' } },
      { isoCode: 'US', currency: { isoCode: 'USD' } },
    ]);
    expect(l.market.handle).toBe('ca');
  });

  it('refuses an unknown country code by validation', async () => {
    const res = await q('query @inContext(country: XX) { shop { name } }');
    expect(res.errors[0].message).toMatch(/CountryCode/);
  });
});
