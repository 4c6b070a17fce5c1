import pg from 'pg';
import { VisitorConsentService } from '@platform/cart';
import { type RequestContext, SystemContexts } from '@platform/request';
import { send } from '../../support/http.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';

type Gql = { status: number; data?: any; errors?: any };

const CREATE = (directive = '') => `mutation($input: CartInput) ${directive} { cartCreate(input: $input) { cart { id checkoutUrl } userErrors { code message } } }`;
const CONSENT = '@inContext(visitorConsent: { analytics: true, preferences: false, marketing: true })';
const READ = (directive = '') => `query($id: ID!) ${directive} { cart(id: $id) { checkoutUrl } }`;
const ADD = `mutation($cartId: ID!, $lines: [CartLineInput!]!) ${CONSENT} { cartLinesAdd(cartId: $cartId, lines: $lines) { cart { checkoutUrl } userErrors { code } } }`;

describe('storefront @inContext(visitorConsent:) on carts', () => {
  let t: TestApp;
  let shop: TestShop;
  let consent: VisitorConsentService;
  let ctx: RequestContext;
  let variant: string;

  beforeAll(async () => {
    t = await createTestApp({}, { checkoutCreationsPerMinute: 100_000 });
    shop = await t.seedShop('consent', { products: 3, seed: 5 });
    consent = t.app.get(VisitorConsentService);
    ctx = t.app.get(SystemContexts).forShop(shop.shop);
    const db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    const { rows } = await db.query(`select v.id::int from product_variants v where v.shop_id = $1 and v.available_for_sale order by v.id limit 1`, [shop.shop.id]);
    await db.end();
    variant = `gid://platform/ProductVariant/${rows[0].id}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const gql = async (query: string, variables: Record<string, unknown> = {}, version = '2026-10'): Promise<Gql> => {
    const res = await send(t.app, { method: 'POST', url: `/api/${version}/graphql.json`, host: shop.host, body: { query, variables } });
    return { status: res.status, ...res.body };
  };
  // The token and the `_cs` the checkout reads from the URL.
  const parts = (checkoutUrl: string) => {
    const url = new URL(checkoutUrl);
    return { token: url.pathname.split('/').pop()!, cs: url.searchParams.get('_cs'), key: url.searchParams.get('key') };
  };

  describe('the version gate', () => {
    it('refuses visitorConsent in 2025-10 and earlier, with nothing written', async () => {
      const db = new pg.Client({ connectionString: t.databaseUrl });
      await db.connect();
      const count = async () => (await db.query('select count(*)::int as n from carts where shop_id = $1', [shop.shop.id])).rows[0].n;
      const before = await count();
      for (const version of ['2025-10', '2024-07']) {
        const res = await gql(CREATE(CONSENT), { input: {} }, version);
        expect(res.status).toBe(200);
        expect(res.data).toBeUndefined();
        expect(res.errors[0].message).toBe(`Argument 'visitorConsent' on directive '@inContext' is not available in version ${version}.`);
      }
      expect(await count()).toBe(before);
      await db.end();
    });

    it('accepts it from 2026-01', async () => {
      const res = await gql(CREATE(CONSENT), { input: {} }, '2026-01');
      expect(res.errors).toBeUndefined();
      expect(parts(res.data.cartCreate.cart.checkoutUrl).cs).toMatch(/^[A-Za-z0-9_-]{19}$/);
    });
  });

  it('encodes the consent into checkoutUrl, which the checkout reads back for that cart', async () => {
    const res = await gql(CREATE(CONSENT), { input: { lines: [{ merchandiseId: variant }] } });
    const { checkoutUrl } = res.data.cartCreate.cart;
    expect(checkoutUrl).toMatch(/^http:\/\/consent\.myplatform\.localhost\/cart\/c\/[0-9a-f]{32}\?key=[0-9a-f]{32}&_cs=[A-Za-z0-9_-]{19}$/);
    const { token, cs } = parts(checkoutUrl);
    expect(await consent.read(ctx, cs, token)).toEqual({ analytics: true, preferences: false, marketing: true, saleOfData: null });
  });

  it('carries it on every cart answer of an operation that gives it (cart query, other mutations)', async () => {
    const created = (await gql(CREATE(), { input: {} })).data.cartCreate.cart;
    expect(parts(created.checkoutUrl).cs).toBeNull();
    const read = (await gql(READ(CONSENT), { id: created.id })).data.cart.checkoutUrl;
    const added = (await gql(ADD, { cartId: created.id, lines: [{ merchandiseId: variant }] })).data.cartLinesAdd.cart.checkoutUrl;
    for (const url of [read, added]) {
      expect(url.startsWith(`${created.checkoutUrl}&_cs=`)).toBe(true);
      expect(await consent.read(ctx, parts(url).cs, parts(url).token)).toEqual({ analytics: true, preferences: false, marketing: true, saleOfData: null });
    }
    // Without the directive the same cart's URL has none.
    expect((await gql(READ(), { id: created.id })).data.cart.checkoutUrl).toBe(created.checkoutUrl);
  });

  it('leaves _cs out when no consent is given (no directive, or an empty or all-null consent)', async () => {
    for (const directive of ['', '@inContext(country: CA)', '@inContext(visitorConsent: {})', '@inContext(visitorConsent: { analytics: null })']) {
      const res = await gql(CREATE(directive), { input: {} });
      expect(res.errors).toBeUndefined();
      expect(res.data.cartCreate.cart.checkoutUrl).not.toContain('_cs');
    }
  });

  it('reads consent given through variables, and refuses a non-boolean choice as the schema does', async () => {
    const query = `mutation($input: CartInput, $consent: VisitorConsent) @inContext(visitorConsent: $consent) { cartCreate(input: $input) { cart { checkoutUrl } } }`;
    const ok = await gql(query, { input: {}, consent: { saleOfData: false } });
    const { token, cs } = parts(ok.data.cartCreate.cart.checkoutUrl);
    expect(await consent.read(ctx, cs, token)).toEqual({ analytics: null, preferences: null, marketing: null, saleOfData: false });
    const bad = await gql(query, { input: {}, consent: { saleOfData: 'yes' } });
    expect(bad.data).toBeUndefined();
    expect(bad.errors[0].message).toContain('saleOfData');
  });

  it('refuses a tampered _cs, one moved to another cart, and garbage', async () => {
    const one = parts((await gql(CREATE(CONSENT), { input: {} })).data.cartCreate.cart.checkoutUrl);
    const two = parts((await gql(CREATE(), { input: {} })).data.cartCreate.cart.checkoutUrl);
    const flipped = `${one.cs!.slice(0, 2)}${one.cs![2] === 'A' ? 'B' : 'A'}${one.cs!.slice(3)}`;
    expect(await consent.read(ctx, flipped, one.token)).toBeNull();
    expect(await consent.read(ctx, one.cs, two.token)).toBeNull();
    for (const garbage of [undefined, '', 'x'.repeat(19), `${one.cs}A`, `${one.cs!.slice(0, 18)}\0`, ['a']]) expect(await consent.read(ctx, garbage, one.token)).toBeNull();
  });

  it('signs with the same stored key in every process of the installation (the key row is written once)', async () => {
    const db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    const { rows } = await db.query(`select name, length(value) as bytes from installation_secrets`);
    await db.end();
    expect(rows).toEqual([{ name: 'visitor_consent', bytes: 32 }]);
  });
});
