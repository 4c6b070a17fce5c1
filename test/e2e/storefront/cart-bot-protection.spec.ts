import pg from 'pg';
import { CART_BURST_MESSAGE, MISSING_BUYER_IP_MESSAGE } from '@platform/throttling';
import { send } from '../../support/http.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';

type Answer = { status: number; statusMessage: string; body: any };

const CREATE = 'mutation { cartCreate(input: {}) { cart { id } userErrors { code } } }';
const NOTE = 'mutation($id: ID!) { cartNoteUpdate(cartId: $id, note: "hi") { cart { note } userErrors { code } } }';
const BURST = 3;

describe('storefront bot protection of carts (HTTP 430, plus plan)', () => {
  let t: TestApp;
  let plus: TestShop;
  let standard: TestShop;
  let db: pg.Client;
  let ip = 0;
  // A buyer address no other test uses: each test starts with a full burst.
  const buyer = () => `203.0.113.${++ip}`;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' }, { checkoutCreationsPerMinute: 100_000, storefront: { capacity: 100_000, leakPerSecond: 1000 }, cartMutationBurst: { capacity: BURST, leakPerSecond: 0.001 } });
    plus = await t.createShop('bots-plus', { plan: 'plus' });
    standard = await t.createShop('bots-standard', { plan: 'standard' });
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const gql = async (shop: TestShop, query: string, headers: Record<string, string>, variables: Record<string, unknown> = {}): Promise<Answer> => {
    const res = await send(t.app, { method: 'POST', url: '/api/2026-10/graphql.json', host: shop.host, headers, body: { query, variables } });
    return { status: res.status, statusMessage: res.statusMessage, body: res.body };
  };
  const privately = (shop: TestShop, buyerIp?: string): Record<string, string> => ({
    'platform-storefront-private-token': shop.tokens.storefrontPrivateToken,
    ...(buyerIp === undefined ? {} : { 'platform-storefront-buyer-ip': buyerIp }),
  });
  const tokenless = (address: string) => ({ 'x-forwarded-for': address });
  const carts = async (shop: TestShop) => Number((await db.query('select count(*)::int as n from carts where shop_id = $1', [shop.shop.id])).rows[0].n);
  const expectRejected = (answer: Answer, message: string) => {
    expect(answer.status).toBe(430);
    expect(answer.statusMessage).toBe('Security Rejection');
    expect(answer.body).toEqual({ errors: [{ message, extensions: { code: 'SECURITY_REJECTED' } }] });
  };

  describe('a private-token request that names no buyer', () => {
    it.each([['missing', undefined], ['empty', ''], ['not an IP', 'buyer-1'], ['an IP with junk', '203.0.113.9, 10.0.0.1']])(
      'answers 430 when Platform-Storefront-Buyer-IP is %s, with nothing written',
      async (_case, header) => {
        const before = await carts(plus);
        expectRejected(await gql(plus, CREATE, privately(plus, header)), MISSING_BUYER_IP_MESSAGE);
        expect(await carts(plus)).toBe(before);
      },
    );

    it('passes with an IPv4 or IPv6 buyer address', async () => {
      for (const address of [buyer(), '2001:db8::7']) {
        const res = await gql(plus, CREATE, privately(plus, address));
        expect(res.status).toBe(200);
        expect(res.body.data.cartCreate.cart.id).toMatch(/^gid:\/\/platform\/Cart\//);
      }
    });

    it('leaves queries alone, carts included, and mutations of other objects', async () => {
      const id = (await gql(plus, CREATE, privately(plus, buyer()))).body.data.cartCreate.cart.id;
      for (const [query, variables] of [['{ shop { name } }', {}], ['query($id: ID!) { cart(id: $id) { id } }', { id }]] as const) {
        const res = await gql(plus, query, privately(plus), variables);
        expect(res.status).toBe(200);
        expect(res.body.errors).toBeUndefined();
      }
      const login = await gql(plus, 'mutation { customerAccessTokenCreate(input: { email: "x@example.com", password: "nope" }) { customerUserErrors { code } } }', privately(plus));
      expect(login.status).toBe(200);
      expect(login.body.data.customerAccessTokenCreate.customerUserErrors[0].code).toBe('UNIDENTIFIED_CUSTOMER');
    });

    it('never applies to the standard plan', async () => {
      const res = await gql(standard, CREATE, privately(standard));
      expect(res.status).toBe(200);
      expect(res.body.data.cartCreate.cart.id).toBeTruthy();
    });

    it('does not apply to tokenless and public-token buyers, whose address is their connection', async () => {
      expect((await gql(plus, CREATE, tokenless(buyer()))).status).toBe(200);
      const res = await gql(plus, CREATE, { 'x-platform-storefront-access-token': plus.tokens.storefrontAccessToken, 'x-forwarded-for': buyer() });
      expect(res.status).toBe(200);
    });
  });

  describe('a buyer IP over the burst of cart mutations', () => {
    it('answers 430 past the burst, whatever the cart mutation, with nothing written; other buyers go on', async () => {
      const address = buyer();
      const id = (await gql(plus, CREATE, tokenless(address))).body.data.cartCreate.cart.id;
      for (let i = 1; i < BURST; i++) expect((await gql(plus, NOTE, tokenless(address), { id })).status).toBe(200);
      await db.query(`update carts set note = null where token = $1`, [new URL(id).pathname.split('/').pop()]);
      const refused = await gql(plus, NOTE, tokenless(address), { id });
      expectRejected(refused, CART_BURST_MESSAGE);
      expect((await db.query('select note from carts where note is not null and shop_id = $1', [plus.shop.id])).rows).toEqual([]);
      expectRejected(await gql(plus, CREATE, tokenless(address)), CART_BURST_MESSAGE);
      // The same address still reads, and another buyer still writes.
      expect((await gql(plus, 'query($id: ID!) { cart(id: $id) { id } }', tokenless(address), { id })).status).toBe(200);
      expect((await gql(plus, CREATE, tokenless(buyer()))).status).toBe(200);
    });

    it('counts the buyer named by the private token header, not the server that sends for them', async () => {
      const address = buyer();
      for (let i = 0; i < BURST; i++) expect((await gql(plus, CREATE, privately(plus, address))).status).toBe(200);
      expectRejected(await gql(plus, CREATE, privately(plus, address)), CART_BURST_MESSAGE);
      expect((await gql(plus, CREATE, privately(plus, buyer()))).status).toBe(200);
    });

    it('counts every cart mutation of one operation (aliases, fragments) and refuses more than a burst at once', async () => {
      const address = buyer();
      const two = 'mutation { a: cartCreate(input: {}) { cart { id } } ...More } fragment More on Mutation { b: cartCreate(input: {}) { cart { id } } }';
      expect((await gql(plus, two, tokenless(address))).status).toBe(200);
      expectRejected(await gql(plus, two, tokenless(address)), CART_BURST_MESSAGE);
      const many = `mutation { ${Array.from({ length: BURST + 1 }, (_, i) => `c${i}: cartCreate(input: {}) { cart { id } }`).join(' ')} }`;
      expectRejected(await gql(plus, many, tokenless(buyer())), CART_BURST_MESSAGE);
    });

    it('never applies to the standard plan', async () => {
      const address = buyer();
      for (let i = 0; i < BURST + 2; i++) expect((await gql(standard, CREATE, tokenless(address))).status).toBe(200);
    });
  });

  it('leaves the checkout page alone', async () => {
    const res = await send(t.app, { method: 'GET', url: '/cart/c/00000000000000000000000000000000?key=00000000000000000000000000000000', host: plus.host });
    expect(res.status).not.toBe(430);
  });
});
