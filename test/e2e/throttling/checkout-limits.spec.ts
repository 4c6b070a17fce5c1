import pg from 'pg';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { storefrontQuery } from '../../support/http.js';

// Checkout creation: cartCreate takes from the buyer IP's checkout bucket (CHECKOUT_CREATIONS_PER_MINUTE, here 3);
// other cart mutations do not.
describe('checkout creation limit', () => {
  let t: TestApp;
  let acme: TestShop;
  let db: pg.Client;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true', CHECKOUT_CREATIONS_PER_MINUTE: '3' }, { storefront: { capacity: 100_000, leakPerSecond: 1000 } });
    acme = await t.createShop('acme');
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const create = (ip: string) => storefrontQuery(t.app, acme.host, 'mutation { cartCreate { cart { id } userErrors { code } } }', { 'x-forwarded-for': ip });
  const carts = async () => Number((await db.query('select count(*)::int as n from carts where shop_id = $1', [acme.shop.id])).rows[0].n);

  it('creates three carts a minute per buyer IP, then answers HTTP 200 THROTTLED and writes nothing', async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push((await create('198.51.100.7')).body.data.cartCreate.cart.id);
    const refused = await create('198.51.100.7');
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({ data: { cartCreate: null }, errors: [expect.objectContaining({ message: 'Throttled', extensions: { code: 'THROTTLED' } })] });
    expect(await carts()).toBe(3);
    // Another buyer is not held back, and the throttled buyer's carts still take changes.
    expect((await create('198.51.100.8')).body.data.cartCreate.cart.id).toMatch(/^gid:\/\/platform\/Cart\//);
    const note = await storefrontQuery(t.app, acme.host, 'mutation($id: ID!) { cartNoteUpdate(cartId: $id, note: "hi") { cart { note } } }', { 'x-forwarded-for': '198.51.100.7' }, { variables: { id: made[0] } });
    expect(note.body.data.cartNoteUpdate.cart).toEqual({ note: 'hi' });
  });
});
