import { MikroORM } from '@mikro-orm/postgresql';
import { type OperationDefinitionNode, parse } from 'graphql';
import { type PreparedOperation, inContextHook } from '@platform/graphql';
import { LocalizationModule, MarketsService, PresentmentService } from '@platform/localization';
import { createTranslation } from '@platform/localization/testing';
import type { RequestContext } from '@platform/request';
import type { ShopSnapshot } from '@platform/tenancy';
import { type ContextTestModule, createContextTestModule } from '../../support/context-test-module.js';
import { sqlDuring } from '../../support/sql.js';

// Markets and translations on Postgres: imports through their services, and what the storefront reads of them
// through the buyer's presentment.
describe('markets and translations on Postgres', () => {
  let t: ContextTestModule;
  let markets: MarketsService;
  let presentment: PresentmentService;
  let shopA: ShopSnapshot;
  let shopB: ShopSnapshot;
  const NORTH_AMERICA = [
    { handle: 'us', name: 'United States', countries: ['US'], currency: 'USD', languages: ['en'], primary: true },
    { handle: 'ca', name: 'Canada', countries: ['CA'], currency: 'CAD', languages: ['en', 'fr'], exchangeRate: '1.35', rounding: '0.99' },
    { handle: 'fr', name: 'France', countries: ['FR'], currency: 'EUR', languages: ['fr'], exchangeRate: '0.92' },
  ];

  // A context whose query asked for a country or language with @inContext, as the storefront reads it before execution.
  const inContext = (shop: ShopSnapshot, args: string): RequestContext => {
    const ctx = t.ctxOf(shop);
    const operation = parse(`query @inContext(${args}) { __typename }`).definitions[0] as OperationDefinitionNode;
    void inContextHook.before!(ctx, { operation, variables: {} } as unknown as PreparedOperation);
    return ctx;
  };
  // What `work` returns, and how many statements it sent that read translations.
  const translationReads = async <T>(work: () => Promise<T>): Promise<{ result: T; count: number }> => {
    const { result, statements } = await sqlDuring(work);
    return { result, count: statements.filter((text) => text.includes('translations')).length };
  };

  beforeAll(async () => {
    t = await createContextTestModule([LocalizationModule]);
    [markets, presentment] = [t.moduleRef.get(MarketsService), t.moduleRef.get(PresentmentService)];
    shopA = await t.createShop('localization-a');
    shopB = await t.createShop('localization-b');
    await markets.importMarkets(t.ctxOf(shopA), NORTH_AMERICA);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("creates the entities' columns, types, nullability, checks and indexes exactly", async () => {
    const diff = await t.moduleRef.get(MikroORM).schema.getUpdateSchemaSQL({ wrap: false });
    const mine = diff
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => ['"markets"', '"translations"'].some((table) => line.includes(table)));
    expect(mine.length).toBeGreaterThan(0); // the filter below has something to explain
    // Deliberate differences: identity columns instead of bigserial, and SQL defaults the entities fill in themselves.
    const unexplained = mine
      .filter((line) => !/(drop column "id"|add "id" bigserial primary key)/.test(line))
      .filter((line) => !/drop constraint "\w+_fkey"/.test(line))
      .filter((line) => !/alter column "(created_at|updated_at)" drop default/.test(line));
    expect(unexplained).toEqual([]);
  });

  it('reads markets, the primary first, and the market of a country (the primary for any other)', async () => {
    const ctx = t.ctxOf(shopA);
    expect((await markets.marketsOf(ctx)).map((m) => [m.handle, m.currency, m.primary, m.languages, m.exchangeRate, m.rounding])).toEqual([
      ['us', 'USD', true, ['en'], '1', null],
      ['ca', 'CAD', false, ['en', 'fr'], '1.35', '0.99'],
      ['fr', 'EUR', false, ['fr'], '0.92', null],
    ]);
    expect(await markets.marketForCountry(ctx, 'ca')).toMatchObject({ handle: 'ca', defaultLanguage: 'en' });
    expect((await markets.marketForCountry(ctx, 'DE'))!.handle).toBe('us');
  });

  it("shows prices in the market of the buyer's country: CAD rounded up to .99, EUR to the cent, the shop's currency elsewhere", async () => {
    const money = async (country: string) => (await presentment.presentment(inContext(shopA, `country: ${country}`))).money('24.00');
    expect(await money('CA')).toEqual({ amount: '32.99', currencyCode: 'CAD' });
    expect(await money('FR')).toEqual({ amount: '22.08', currencyCode: 'EUR' });
    expect(await money('DE')).toEqual({ amount: '24.00', currencyCode: 'USD' });
  });

  it('refuses a handle taken, a country in two markets and a second primary market, and writes none of the batch', async () => {
    const ctx = t.ctxOf(shopA);
    const mexico = { handle: 'mx', name: 'Mexico', countries: ['MX'], currency: 'MXN', languages: ['es'] };
    await expect(markets.importMarkets(ctx, [{ ...mexico, handle: 'ca' }])).rejects.toMatchObject({ code: 'TAKEN', field: 'markets[0].handle' });
    await expect(markets.importMarkets(ctx, [mexico, { ...mexico, countries: ['GT'] }])).rejects.toMatchObject({ code: 'TAKEN', field: 'markets[1].handle' });
    await expect(markets.importMarkets(ctx, [{ ...mexico, countries: ['MX', 'US'] }])).rejects.toMatchObject({ code: 'TAKEN', field: 'markets[0].countries' });
    await expect(markets.importMarkets(ctx, [{ ...mexico, primary: true }])).rejects.toMatchObject({ code: 'TAKEN', field: 'markets[0].primary' });
    expect((await markets.marketsOf(t.ctxOf(shopA))).map((m) => m.handle)).toEqual(['us', 'ca', 'fr']);
    // A valid market is seen at once by the process that wrote it.
    await markets.importMarkets(ctx, [mexico]);
    expect((await markets.marketForCountry(t.ctxOf(shopA), 'MX'))!.handle).toBe('mx');
  });

  it("keeps each shop's markets apart: the same handles and countries are free in another shop", async () => {
    expect(await markets.marketsOf(t.ctxOf(shopB))).toEqual([]);
    await markets.importMarkets(t.ctxOf(shopB), [{ ...NORTH_AMERICA[1], primary: true, exchangeRate: '1', rounding: null }]);
    expect((await markets.marketsOf(t.ctxOf(shopB))).map((m) => [m.handle, m.primary])).toEqual([['ca', true]]);
    expect((await presentment.presentment(inContext(shopB, 'country: FR'))).money('10.00')).toEqual({ amount: '10.00', currencyCode: 'CAD' });
  });

  it("reads many resources' translations in one statement, in the requested language or the stored text", async () => {
    const ids = [101, 102, 103, 104];
    for (const id of ids) await createTranslation(t.ctxOf(shopA), { resourceType: 'PRODUCT', resourceId: id, locale: 'fr', key: 'title', value: `Produit ${id}` });
    const ctx = inContext(shopA, 'language: FR');
    const { result, count } = await translationReads(() => Promise.all(ids.map((id) => presentment.translated(ctx, 'PRODUCT', id, 'title', 'stored'))));
    expect(count).toBe(1);
    expect(result).toEqual(ids.map((id) => `Produit ${id}`));
    // No translation of that field, or no translations in that language: the stored text.
    expect(await presentment.translated(ctx, 'PRODUCT', 101, 'body_html', 'stored')).toBe('stored');
    expect(await presentment.translated(inContext(shopA, 'language: DE'), 'PRODUCT', 101, 'title', 'stored')).toBe('stored');
    // The shop's own language shows the stored text without a statement.
    const english = await translationReads(async () => presentment.translated(inContext(shopA, 'language: EN'), 'PRODUCT', 101, 'title', 'stored'));
    expect(english).toEqual({ result: 'stored', count: 0 });
  });

  it('reads a regional language in its own locale, however the request and the import wrote it', async () => {
    await createTranslation(t.ctxOf(shopA), { resourceType: 'PAGE', resourceId: 7, locale: 'pt_br', key: 'title', value: 'Sobre nós' });
    expect(await presentment.translated(inContext(shopA, 'language: PT_BR'), 'PAGE', 7, 'title', 'About us')).toBe('Sobre nós');
    expect(await presentment.translated(inContext(shopA, 'language: PT_PT'), 'PAGE', 7, 'title', 'About us')).toBe('About us');
  });

  it("refuses a translation the shop already has, and shows no shop another's translations", async () => {
    await expect(createTranslation(t.ctxOf(shopA), { resourceType: 'PRODUCT', resourceId: 101, locale: 'FR', key: 'title', value: 'Encore' })).rejects.toMatchObject({
      code: 'TAKEN',
      field: 'key',
    });
    expect(await presentment.translated(inContext(shopB, 'language: FR'), 'PRODUCT', 101, 'title', 'stored')).toBe('stored');
  });
});
