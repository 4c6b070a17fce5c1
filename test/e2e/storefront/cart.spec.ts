import pg from 'pg';
import { Decimal } from '@platform/money';
import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD } from '@platform/seed';
import { sqlDuring } from '../../support/sql.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { storefrontQuery } from '../../support/http.js';

type Gql = { status: number; data?: any; errors?: any };

const CART_FIELDS = `id checkoutUrl createdAt updatedAt totalQuantity note attributes { key value }
  discountCodes { applicable code } buyerIdentity { countryCode email phone customer { email } }
  cost { subtotalAmount { amount currencyCode } totalAmount { amount currencyCode } totalTaxAmount { amount currencyCode } totalDutyAmount { amount } }
  lines(first: 50) { nodes { id quantity attributes { key value } cost { amountPerQuantity { amount currencyCode } compareAtAmountPerQuantity { amount } totalAmount { amount currencyCode } }
    merchandise { ... on ProductVariant { id price { amount currencyCode } } } } }`;
const PAYLOAD = `cart { ${CART_FIELDS} } userErrors { code field message } warnings { code message target }`;
const CREATE = `mutation($input: CartInput) { cartCreate(input: $input) { ${PAYLOAD} } }`;
const CREATE_IN = (country: string) => `mutation($input: CartInput) @inContext(country: ${country}) { cartCreate(input: $input) { ${PAYLOAD} } }`;
const ADD = `mutation($cartId: ID!, $lines: [CartLineInput!]!) { cartLinesAdd(cartId: $cartId, lines: $lines) { ${PAYLOAD} } }`;
const UPDATE = `mutation($cartId: ID!, $lines: [CartLineUpdateInput!]!) { cartLinesUpdate(cartId: $cartId, lines: $lines) { ${PAYLOAD} } }`;
const REMOVE = `mutation($cartId: ID!, $lineIds: [ID!]!) { cartLinesRemove(cartId: $cartId, lineIds: $lineIds) { ${PAYLOAD} } }`;
const BUYER = `mutation($cartId: ID!, $buyer: CartBuyerIdentityInput!) { cartBuyerIdentityUpdate(cartId: $cartId, buyerIdentity: $buyer) { ${PAYLOAD} } }`;
const NOTE = `mutation($cartId: ID!, $note: String) { cartNoteUpdate(cartId: $cartId, note: $note) { ${PAYLOAD} } }`;
const ATTRIBUTES = `mutation($cartId: ID!, $attributes: [AttributeInput!]!) { cartAttributesUpdate(cartId: $cartId, attributes: $attributes) { ${PAYLOAD} } }`;
const CODES = `mutation($cartId: ID!, $codes: [String!]) { cartDiscountCodesUpdate(cartId: $cartId, discountCodes: $codes) { ${PAYLOAD} } }`;
const READ = `query($id: ID!) { cart(id: $id) { ${CART_FIELDS} } }`;

interface Variant {
  id: number;
  gid: string;
  price: string;
  compareAtPrice: string | null;
}

describe('storefront cart', () => {
  let t: TestApp;
  let shop: TestShop;
  let other: TestShop;
  let db: pg.Client;
  let variants: Variant[];
  const PUBLIC = (): Record<string, string> => ({ 'x-platform-storefront-access-token': shop.tokens.storefrontAccessToken });

  beforeAll(async () => {
    const raised = { capacity: 100_000, leakPerSecond: 1000 };
    t = await createTestApp({}, { storefront: raised, checkoutCreationsPerMinute: 100_000, customerLogin: { perEmail: raised, perIp: raised } });
    shop = await t.seedShop('acme', { products: 8, customers: 5, seed: 3 });
    other = await t.seedShop('other', { products: 2, seed: 4 });
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    variants = (
      await db.query(
        `select v.id::int, v.price::text, v.compare_at_price::text as "compareAtPrice" from product_variants v join products p on p.id = v.product_id
          where v.shop_id = $1 and v.available_for_sale and p.status = 'active' and p.published_at <= now() order by v.id`,
        [shop.shop.id],
      )
    ).rows.map((r) => ({ ...r, gid: `gid://platform/ProductVariant/${r.id}` }));
    // Stock enough that no test but the stock warnings' meets a line's cap (the seed gives 1 to 120 units).
    await db.query('update product_variants set inventory_quantity = 1000 where shop_id = $1 and available_for_sale', [shop.shop.id]);
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const gqlOn = async (target: TestShop, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<Gql> => {
    const res = await storefrontQuery(t.app, target.host, query, headers, { variables });
    return { status: res.status, ...res.body };
  };
  const gql = (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) => gqlOn(shop, query, variables, headers);
  const rows = async <T = any>(sql: string, params: unknown[] = []): Promise<T[]> => (await db.query(sql, params)).rows as T[];
  const created = async (input: Record<string, unknown> = {}, query = CREATE) => {
    const res = await gql(query, { input });
    expect(res.errors).toBeUndefined();
    expect(res.data.cartCreate.userErrors).toEqual([]);
    return res.data.cartCreate.cart;
  };
  const cartRows = async () => Number((await rows('select count(*)::int as n from carts where shop_id = $1', [shop.shop.id]))[0].n);
  const lineRows = async () => (await rows('select variant_id::int as "variantId", quantity, price::text from cart_lines where shop_id = $1 order by id', [shop.shop.id]));

  describe('cartCreate and cart', () => {
    it('creates a cart tokenless with lines priced as the storefront shows them, exact totals, and reads it back', async () => {
      const [a, b] = variants;
      const cart = await created({ lines: [{ merchandiseId: a.gid, quantity: 3 }, { merchandiseId: b.gid }], note: 'Gift', attributes: [{ key: 'wrap', value: 'yes' }] });
      expect(cart.id).toMatch(/^gid:\/\/platform\/Cart\/[0-9a-f]{32}\?key=[0-9a-f]{32}$/);
      const [token, key] = [cart.id.split('/').pop().split('?')[0], cart.id.split('key=')[1]];
      expect(cart.checkoutUrl).toBe(`http://${shop.host}/cart/c/${token}?key=${key}`);
      expect(cart.totalQuantity).toBe(4);
      expect(cart.note).toBe('Gift');
      expect(cart.attributes).toEqual([{ key: 'wrap', value: 'yes' }]);
      expect(cart.buyerIdentity).toEqual({ countryCode: 'US', email: null, phone: null, customer: null });
      const subtotal = new Decimal(a.price).times(3).plus(b.price).toFixed(2);
      expect(cart.cost.subtotalAmount).toEqual({ amount: subtotal, currencyCode: 'USD' });
      expect(cart.cost.totalAmount).toEqual({ amount: subtotal, currencyCode: 'USD' });
      expect(cart.cost.totalTaxAmount).toEqual({ amount: '0.00', currencyCode: 'USD' });
      expect(cart.lines.nodes.map((l: any) => [l.quantity, l.cost.amountPerQuantity.amount, l.cost.totalAmount.amount, l.merchandise.id])).toEqual([
        [3, new Decimal(a.price).toFixed(2), new Decimal(a.price).times(3).toFixed(2), a.gid],
        [1, new Decimal(b.price).toFixed(2), new Decimal(b.price).toFixed(2), b.gid],
      ]);
      const read = await gql(READ, { id: cart.id }, PUBLIC());
      expect(read.data.cart).toEqual(cart);
      // Only the key's hash is stored.
      const [row] = await rows('select key_hash from carts where token = $1', [token]);
      expect(row.key_hash).not.toContain(key);
    });

    it('an empty input makes an empty cart', async () => {
      const cart = await created();
      expect(cart.totalQuantity).toBe(0);
      expect(cart.lines.nodes).toEqual([]);
      expect(cart.cost.totalAmount.amount).toBe('0.00');
    });

    it('answers null for an unknown, malformed, wrong-key or foreign cart id', async () => {
      const cart = await created();
      const wrongKey = cart.id.replace(/key=[0-9a-f]/, (m: string) => (m.endsWith('0') ? 'key=1' : 'key=0'));
      for (const id of ['gid://platform/Cart/1', 'nonsense', wrongKey, `gid://platform/Cart/${'a'.repeat(32)}?key=${'b'.repeat(32)}`]) {
        expect((await gql(READ, { id })).data.cart).toBeNull();
      }
      expect((await gqlOn(other, READ, { id: cart.id })).data.cart).toBeNull();
    });

    it('refuses unknown merchandise, quantity <= 0, a sold-out or unpublished variant and another shop\'s variant, writing nothing', async () => {
      const before = await cartRows();
      const [soldOut] = await rows(`update product_variants set available_for_sale = false where id = (select id from product_variants where shop_id = $1 order by id desc limit 1) returning id::int`, [shop.shop.id]);
      const [hidden] = await rows(
        `select v.id::int from product_variants v join products p on p.id = v.product_id where v.shop_id = $1 and p.id = (select id from products where shop_id = $1 order by id desc offset 1 limit 1) limit 1`,
        [shop.shop.id],
      );
      await db.query(`update products set published_at = null where id = (select product_id from product_variants where id = $1)`, [hidden.id]);
      const [foreign] = await rows('select id::int from product_variants where shop_id = $1 limit 1', [other.shop.id]);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ merchandiseId: 'gid://platform/ProductVariant/999999999' }, 'merchandiseId', 'INVALID'],
        [{ merchandiseId: 'gid://platform/Product/1' }, 'merchandiseId', 'INVALID'],
        [{ merchandiseId: variants[0].gid, quantity: 0 }, 'quantity', 'INVALID'],
        [{ merchandiseId: variants[0].gid, quantity: -2 }, 'quantity', 'INVALID'],
        [{ merchandiseId: variants[0].gid, quantity: 1_000_001 }, 'quantity', 'MAXIMUM_EXCEEDED'],
        [{ merchandiseId: `gid://platform/ProductVariant/${soldOut.id}` }, 'merchandiseId', 'INVALID'],
        [{ merchandiseId: `gid://platform/ProductVariant/${hidden.id}` }, 'merchandiseId', 'INVALID'],
        [{ merchandiseId: `gid://platform/ProductVariant/${foreign.id}` }, 'merchandiseId', 'INVALID'],
      ];
      for (const [line, field, code] of cases) {
        const res = await gql(CREATE, { input: { lines: [{ merchandiseId: variants[1].gid }, line] } });
        expect(res.data.cartCreate).toEqual({ cart: null, userErrors: [{ code, field: ['input', 'lines', '1', field], message: expect.any(String) }], warnings: [] });
      }
      expect(await cartRows()).toBe(before);
      await db.query(`update product_variants set available_for_sale = true where id = $1`, [soldOut.id]);
      await db.query(`update products set published_at = now() - interval '1 day' where id = (select product_id from product_variants where id = $1)`, [hidden.id]);
    });

    it('merges lines naming one variant, and refuses more than 250 input lines with a GraphQL error', async () => {
      const cart = await created({ lines: [{ merchandiseId: variants[0].gid, quantity: 2 }, { merchandiseId: variants[0].gid, quantity: 5 }] });
      expect(cart.lines.nodes.map((l: any) => l.quantity)).toEqual([7]);
      const res = await gql(CREATE, { input: { lines: Array.from({ length: 251 }, () => ({ merchandiseId: variants[0].gid })) } });
      expect(res.status).toBe(200);
      expect(res.data?.cartCreate ?? null).toBeNull();
      expect(res.errors[0].extensions.code).toBeDefined();
    });

    it('refuses hostile input: NUL bytes, wrong types, an invalid email or phone, an overlong note', async () => {
      const before = await cartRows();
      const nul = await gql(CREATE, { input: { note: 'a\u0000b' } });
      expect(nul.errors[0].message).toMatch(/NUL|null byte|\\u0000/i);
      const wrongType = await gql(CREATE, { input: { lines: [{ merchandiseId: variants[0].gid, quantity: 'many' }] } });
      expect(wrongType.errors).toBeDefined();
      const contact = await gql(CREATE, { input: { buyerIdentity: { email: 'not-an-email', phone: '12' } } });
      expect(contact.data.cartCreate.userErrors.map((e: any) => e.field)).toEqual([
        ['input', 'buyerIdentity', 'email'],
        ['input', 'buyerIdentity', 'phone'],
      ]);
      const note = await gql(CREATE, { input: { note: 'x'.repeat(5001) } });
      expect(note.data.cartCreate.userErrors).toEqual([{ code: 'NOTE_TOO_LONG', field: ['input', 'note'], message: expect.any(String) }]);
      const token = await gql(CREATE, { input: { buyerIdentity: { customerAccessToken: 'nope' } } });
      expect(token.data.cartCreate.userErrors).toEqual([{ code: 'INVALID', field: ['input', 'buyerIdentity', 'customerAccessToken'], message: 'The customer access token is invalid.' }]);
      expect(await cartRows()).toBe(before);
    });
  });

  describe('lines', () => {
    it('cartLinesAdd adds to an existing line and appends new ones; cartLinesUpdate changes and removes; cartLinesRemove removes', async () => {
      const [a, b, c] = variants;
      const cart = await created({ lines: [{ merchandiseId: a.gid, quantity: 1 }] });
      const added = (await gql(ADD, { cartId: cart.id, lines: [{ merchandiseId: a.gid, quantity: 2 }, { merchandiseId: b.gid, quantity: 4 }] })).data.cartLinesAdd;
      expect(added.userErrors).toEqual([]);
      expect(added.cart.lines.nodes.map((l: any) => [l.merchandise.id, l.quantity])).toEqual([
        [a.gid, 3],
        [b.gid, 4],
      ]);
      const [lineA, lineB] = added.cart.lines.nodes;
      const updated = (await gql(UPDATE, { cartId: cart.id, lines: [{ id: lineA.id, quantity: 0 }, { id: lineB.id, quantity: 2, merchandiseId: c.gid }] })).data.cartLinesUpdate;
      expect(updated.userErrors).toEqual([]);
      expect(updated.cart.lines.nodes.map((l: any) => [l.merchandise.id, l.quantity, l.cost.amountPerQuantity.amount])).toEqual([[c.gid, 2, new Decimal(c.price).toFixed(2)]]);
      expect(updated.cart.cost.subtotalAmount.amount).toBe(new Decimal(c.price).times(2).toFixed(2));
      const removed = (await gql(REMOVE, { cartId: cart.id, lineIds: [updated.cart.lines.nodes[0].id] })).data.cartLinesRemove;
      expect(removed.userErrors).toEqual([]);
      expect(removed.cart.totalQuantity).toBe(0);
    });

    it('answers each line userError and changes nothing', async () => {
      const cart = await created({ lines: [{ merchandiseId: variants[0].gid, quantity: 1 }] });
      const other = await created({ lines: [{ merchandiseId: variants[1].gid, quantity: 1 }] });
      const line = cart.lines.nodes[0].id;
      const before = await lineRows();
      const cases: [string, Record<string, unknown>, unknown[]][] = [
        [UPDATE, { cartId: cart.id, lines: [{ id: other.lines.nodes[0].id, quantity: 2 }] }, [{ code: 'INVALID_MERCHANDISE_LINE', field: ['lines', '0', 'id'] }]],
        [UPDATE, { cartId: cart.id, lines: [{ id: line, quantity: -1 }] }, [{ code: 'INVALID', field: ['lines', '0', 'quantity'] }]],
        [UPDATE, { cartId: cart.id, lines: [{ id: line, quantity: 1 }, { id: line, quantity: 2 }] }, [{ code: 'INVALID', field: ['lines', '1', 'id'] }]],
        [REMOVE, { cartId: cart.id, lineIds: ['gid://platform/CartLine/1?cart=x'] }, [{ code: 'INVALID_MERCHANDISE_LINE', field: ['lineIds', '0'] }]],
        [ADD, { cartId: cart.id, lines: [{ merchandiseId: 'gid://platform/ProductVariant/0' }] }, [{ code: 'INVALID', field: ['lines', '0', 'merchandiseId'] }]],
        [ADD, { cartId: 'gid://platform/Cart/nope', lines: [{ merchandiseId: variants[0].gid }] }, [{ code: 'INVALID', field: ['cartId'] }]],
      ];
      for (const [query, variables, errors] of cases) {
        const payload = Object.values((await gql(query, variables)).data)[0] as any;
        expect(payload.cart).toBeNull();
        expect(payload.userErrors.map(({ code, field }: any) => ({ code, field }))).toEqual(errors);
      }
      expect(await lineRows()).toEqual(before);
    });

    it('keeps both lines of two cartLinesAdd sent at once', async () => {
      const cart = await created();
      const [first, second] = await Promise.all([
        gql(ADD, { cartId: cart.id, lines: [{ merchandiseId: variants[0].gid, quantity: 1 }] }),
        gql(ADD, { cartId: cart.id, lines: [{ merchandiseId: variants[1].gid, quantity: 2 }] }),
      ]);
      expect(first.data.cartLinesAdd.userErrors).toEqual([]);
      expect(second.data.cartLinesAdd.userErrors).toEqual([]);
      const read = (await gql(READ, { id: cart.id })).data.cart;
      expect(read.lines.nodes.map((l: any) => [l.merchandise.id, l.quantity]).sort()).toEqual(
        [
          [variants[0].gid, 1],
          [variants[1].gid, 2],
        ].sort(),
      );
      // The same variant from two requests adds up.
      await Promise.all([1, 2, 3].map(() => gql(ADD, { cartId: cart.id, lines: [{ merchandiseId: variants[0].gid, quantity: 1 }] })));
      expect((await gql(READ, { id: cart.id })).data.cart.totalQuantity).toBe(6);
    });

    it('answers every mutation with the cart a read finds after it (the write returns it, nothing is read back)', async () => {
      await db.query(
        `insert into discount_codes (shop_id, code, value_type, value, minimum_subtotal, starts_at, ends_at, usage_limit, usage_count)
          values ($1, 'ANSWER3', 'fixed_amount', 3, null, now() - interval '1 day', null, null, 0)`,
        [shop.shop.id],
      );
      const made = (await gql(CREATE, { input: { lines: [{ merchandiseId: variants[0].gid, quantity: 2 }, { merchandiseId: variants[1].gid }], discountCodes: ['answer3', 'nope'] } })).data.cartCreate.cart;
      expect(made).toEqual((await gql(READ, { id: made.id })).data.cart);
      expect(made.discountCodes).toEqual([{ code: 'answer3', applicable: true }, { code: 'nope', applicable: false }]);
      const cartId = made.id;
      const [lineA, lineB] = made.lines.nodes.map((l: { id: string }) => l.id);
      const steps: [string, Record<string, unknown>][] = [
        [ADD, { cartId, lines: [{ merchandiseId: variants[0].gid, quantity: 3 }, { merchandiseId: variants[2].gid, quantity: 4 }, { merchandiseId: variants[3].gid }] }],
        [UPDATE, { cartId, lines: [{ id: lineA, quantity: 0 }, { id: lineB, quantity: 7, merchandiseId: variants[4].gid }] }],
        [REMOVE, { cartId, lineIds: [lineB] }],
        [NOTE, { cartId, note: 'Side door' }],
        [ATTRIBUTES, { cartId, attributes: [{ key: 'gift', value: 'yes' }] }],
        [CODES, { cartId, codes: ['ANSWER3'] }],
        [BUYER, { cartId, buyer: { email: 'answer@example.com', countryCode: 'CA' } }],
        [BUYER, { cartId, buyer: { phone: '+15145550199' } }],
      ];
      for (const [query, variables] of steps) {
        const payload = Object.values((await gql(query, variables)).data)[0] as { cart: unknown; userErrors: unknown[] };
        expect(payload.userErrors).toEqual([]);
        expect(payload.cart).toEqual((await gql(READ, { id: cartId })).data.cart);
      }
      const last = (await gql(READ, { id: cartId })).data.cart;
      expect(last.lines.nodes).toHaveLength(2);
      expect(last).toMatchObject({ note: 'Side door', attributes: [{ key: 'gift', value: 'yes' }], buyerIdentity: { countryCode: 'CA', email: 'answer@example.com', phone: '+15145550199' } });
    });

    it('answers the lines another write committed while this one waited for the cart lock', async () => {
      const cart = await created({ lines: [{ merchandiseId: variants[0].gid }] });
      const token = /Cart\/([0-9a-f]{32})/.exec(cart.id)![1];
      const holder = new pg.Client({ connectionString: t.databaseUrl });
      await holder.connect();
      try {
        await holder.query('begin');
        const [{ id }] = (await holder.query('select id from carts where shop_id = $1 and token = $2 for update', [shop.shop.id, token])).rows;
        const adding = gql(ADD, { cartId: cart.id, lines: [{ merchandiseId: variants[1].gid }] });
        // The mutation's write has taken its snapshot and waits for the lock.
        for (let i = 0; i < 200; i += 1) {
          const waiting = await db.query(`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%insert into cart_lines as l%'`);
          if (waiting.rowCount) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await holder.query(`insert into cart_lines (shop_id, cart_id, variant_id, quantity, price) values ($1, $2, $3, 5, $4)`, [shop.shop.id, id, variants[2].id, variants[2].price]);
        await holder.query('update carts set updated_at = now() where id = $1', [id]);
        await holder.query('commit');
        const answer = (await adding).data.cartLinesAdd;
        expect(answer.userErrors).toEqual([]);
        expect(answer.cart.lines.nodes.map((l: any) => [l.merchandise.id, l.quantity])).toEqual([
          [variants[0].gid, 1],
          [variants[2].gid, 5],
          [variants[1].gid, 1],
        ]);
        expect(answer.cart).toEqual((await gql(READ, { id: cart.id })).data.cart);
      } finally {
        await holder.end();
      }
    });

    it('runs a constant number of statements per mutation, whatever the number of lines', async () => {
      // cartCreate: the variants, the insert answering the cart. A line mutation: the cart, the variants asked for with
      // those of its lines (which `merchandise` then finds read), the write answering the cart. Other mutations: the
      // cart, the write, `merchandise`'s batched read.
      const count = async (query: string, variables: Record<string, unknown>) => {
        const { result, statements } = await sqlDuring(() => gql(query, variables));
        expect(result.errors).toBeUndefined();
        expect(Object.values(result.data as Record<string, { userErrors: unknown[] }>)[0]!.userErrors).toEqual([]);
        return statements.length;
      };
      await gql(READ, { id: (await created()).id });
      expect(await count(CREATE, { input: { lines: [{ merchandiseId: variants[7].gid }] } })).toBe(2);
      expect(await count(CREATE, { input: { lines: variants.slice(0, 6).map((v) => ({ merchandiseId: v.gid })) } })).toBe(2);
      const cart = await created({ lines: [{ merchandiseId: variants[7].gid }] });
      expect(await count(ADD, { cartId: cart.id, lines: [{ merchandiseId: variants[0].gid }] })).toBe(3);
      expect(await count(ADD, { cartId: cart.id, lines: variants.slice(0, 6).map((v) => ({ merchandiseId: v.gid, quantity: 2 })) })).toBe(3);
      const lines = (await gql(READ, { id: cart.id })).data.cart.lines.nodes.map((l: { id: string }) => l.id);
      expect(await count(UPDATE, { cartId: cart.id, lines: [{ id: lines[0], quantity: 4 }] })).toBe(3);
      expect(await count(UPDATE, { cartId: cart.id, lines: lines.slice(0, 6).map((id: string) => ({ id, quantity: 5 })) })).toBe(3);
      expect(await count(REMOVE, { cartId: cart.id, lineIds: [lines[6]] })).toBe(3);
      expect(await count(REMOVE, { cartId: cart.id, lineIds: lines.slice(3, 6) })).toBe(3);
      expect(await count(NOTE, { cartId: cart.id, note: 'Ring twice' })).toBe(3);
    });

    it('adds no statement for line attributes and warnings (the codes\' warnings are computed, the lines\' variants already read)', async () => {
      const count = async (query: string, variables: Record<string, unknown>) => {
        const { result, statements } = await sqlDuring(() => gql(query, variables));
        expect(Object.values(result.data as Record<string, { userErrors: unknown[]; warnings: unknown[] }>)[0]!.warnings.length).toBeGreaterThan(0);
        return statements.length;
      };
      const GIFT = [{ key: 'gift', value: 'yes' }];
      const cart = await created({ lines: variants.slice(0, 6).map((v) => ({ merchandiseId: v.gid })) });
      const lines = cart.lines.nodes.map((l: { id: string }) => l.id);
      // Every mutation below warns: variants[0] is sold out, so every line mutation warns of its line.
      await db.query('update product_variants set available_for_sale = false where id = $1', [variants[0].id]);
      try {
        expect(await count(CREATE, { input: { lines: [{ merchandiseId: variants[7].gid, attributes: GIFT }], discountCodes: ['NOPE'] } })).toBe(2);
        expect(await count(ADD, { cartId: cart.id, lines: variants.slice(1, 6).map((v) => ({ merchandiseId: v.gid, attributes: GIFT })) })).toBe(3);
        expect(await count(UPDATE, { cartId: cart.id, lines: lines.slice(0, 3).map((id: string, i: number) => ({ id, attributes: [{ key: 'n', value: String(i) }] })) })).toBe(3);
        expect(await count(CODES, { cartId: cart.id, codes: ['NOPE', 'NEITHER'] })).toBe(3);
        expect(await count(ATTRIBUTES, { cartId: cart.id, attributes: [{ key: 'a', value: '1' }] })).toBe(3);
      } finally {
        await db.query('update product_variants set available_for_sale = true where id = $1', [variants[0].id]);
      }
    });
  });

  describe('buyer, note, attributes, codes', () => {
    it('sets and clears the note and replaces attributes', async () => {
      const cart = await created();
      expect((await gql(NOTE, { cartId: cart.id, note: 'Leave at door' })).data.cartNoteUpdate.cart.note).toBe('Leave at door');
      expect((await gql(NOTE, { cartId: cart.id, note: '' })).data.cartNoteUpdate.cart.note).toBeNull();
      const attrs = (await gql(ATTRIBUTES, { cartId: cart.id, attributes: [{ key: 'a', value: '1' }, { key: 'b', value: '2' }, { key: 'a', value: '3' }] })).data.cartAttributesUpdate;
      expect(attrs.cart.attributes).toEqual([
        { key: 'b', value: '2' },
        { key: 'a', value: '3' },
      ]);
      const blank = (await gql(ATTRIBUTES, { cartId: cart.id, attributes: [{ key: ' ', value: '1' }] })).data.cartAttributesUpdate;
      expect(blank.userErrors).toEqual([{ code: 'INVALID', field: ['attributes', '0', 'key'], message: expect.any(String) }]);
    });

    it('attaches the customer of an access token, and re-prices every line in the currency of a new country', async () => {
      const login = await gql(
        `mutation($input: CustomerAccessTokenCreateInput!) { customerAccessTokenCreate(input: $input) { customerAccessToken { accessToken } } }`,
        { input: { email: DEMO_CUSTOMER_EMAIL, password: DEMO_CUSTOMER_PASSWORD } },
        PUBLIC(),
      );
      const token = login.data.customerAccessTokenCreate.customerAccessToken?.accessToken;
      const cart = await created({ lines: [{ merchandiseId: variants[0].gid, quantity: 2 }] });
      expect(token).toMatch(/^[0-9a-f]{32}$/);
      const withCustomer = (await gql(BUYER, { cartId: cart.id, buyer: { customerAccessToken: token } })).data.cartBuyerIdentityUpdate;
      expect(withCustomer.cart.buyerIdentity).toMatchObject({ email: DEMO_CUSTOMER_EMAIL, customer: { email: DEMO_CUSTOMER_EMAIL } });
      const shownInCanada = (await gql(`query @inContext(country: CA) { node(id: "${variants[0].gid}") { ... on ProductVariant { price { amount currencyCode } } } }`)).data.node.price;
      const moved = (await gql(BUYER, { cartId: cart.id, buyer: { countryCode: 'CA' } })).data.cartBuyerIdentityUpdate;
      expect(moved.userErrors).toEqual([]);
      expect(moved.cart.buyerIdentity.countryCode).toBe('CA');
      expect(moved.cart.lines.nodes[0].cost.amountPerQuantity).toEqual(shownInCanada);
      expect(moved.cart.cost.totalAmount).toEqual({ amount: new Decimal(shownInCanada.amount).times(2).toFixed(2), currencyCode: shownInCanada.currencyCode });
      // The cart keeps its currency whatever a later request's @inContext says.
      const again = (await gql(`mutation($cartId: ID!, $lines: [CartLineInput!]!) @inContext(country: FR) { cartLinesAdd(cartId: $cartId, lines: $lines) { cart { cost { totalAmount { currencyCode } } } } }`, { cartId: cart.id, lines: [{ merchandiseId: variants[1].gid }] })).data.cartLinesAdd;
      expect(again.cart.cost.totalAmount.currencyCode).toBe(shownInCanada.currencyCode);
    });

    it('creates a cart in the currency of @inContext(country:)', async () => {
      const cart = await created({ lines: [{ merchandiseId: variants[0].gid }] }, CREATE_IN('FR'));
      const shown = (await gql(`query @inContext(country: FR) { node(id: "${variants[0].gid}") { ... on ProductVariant { price { amount currencyCode } } } }`)).data.node.price;
      expect(cart.buyerIdentity.countryCode).toBe('FR');
      expect(cart.lines.nodes[0].cost.amountPerQuantity).toEqual(shown);
    });

    it('applies a percentage or fixed code above its minimum; unknown, expired and used-up codes are not applicable', async () => {
      await db.query(
        `insert into discount_codes (shop_id, code, value_type, value, minimum_subtotal, starts_at, ends_at, usage_limit, usage_count) values
          ($1, 'TENOFF', 'percentage', 10, null, now() - interval '1 day', null, null, 0),
          ($1, 'FIVE', 'fixed_amount', 5, 1000000, now() - interval '1 day', null, null, 0),
          ($1, 'OLD', 'percentage', 50, null, now() - interval '10 days', now() - interval '1 day', null, 0),
          ($1, 'USED', 'percentage', 50, null, now() - interval '10 days', null, 1, 1)`,
        [shop.shop.id],
      );
      const cart = await created({ lines: [{ merchandiseId: variants[0].gid, quantity: 3 }], discountCodes: ['nope', 'OLD', 'used', 'FIVE', 'tenoff'] });
      expect(cart.discountCodes).toEqual([
        { code: 'nope', applicable: false },
        { code: 'OLD', applicable: false },
        { code: 'used', applicable: false },
        { code: 'FIVE', applicable: false },
        { code: 'tenoff', applicable: true },
      ]);
      const subtotal = new Decimal(variants[0].price).times(3);
      const discount = subtotal.times(10).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
      expect(cart.cost.subtotalAmount.amount).toBe(subtotal.toFixed(2));
      expect(cart.cost.totalAmount.amount).toBe(subtotal.minus(discount).toFixed(2));
      const cleared = (await gql(CODES, { cartId: cart.id, codes: [] })).data.cartDiscountCodesUpdate.cart;
      expect(cleared.discountCodes).toEqual([]);
      expect(cleared.cost.totalAmount.amount).toBe(subtotal.toFixed(2));
    });

    it('refuses changes to a completed cart', async () => {
      const cart = await created({ lines: [{ merchandiseId: variants[0].gid }] });
      await db.query('update carts set completed_at = now() where token = $1', [cart.id.split('/').pop().split('?')[0]]);
      const res = (await gql(NOTE, { cartId: cart.id, note: 'late' })).data.cartNoteUpdate;
      expect(res).toEqual({ cart: null, userErrors: [{ code: 'INVALID', field: ['cartId'], message: expect.stringMatching(/completed/) }], warnings: [] });
      expect((await gql(READ, { id: cart.id })).data.cart).toBeNull();
    });

    it("another shop's cart id is unknown to every mutation", async () => {
      const cart = await created({ lines: [{ merchandiseId: variants[0].gid }] });
      const res = (await gqlOn(other, NOTE, { cartId: cart.id, note: 'mallory' })).data.cartNoteUpdate;
      expect(res.userErrors).toEqual([{ code: 'INVALID', field: ['cartId'], message: 'The specified cart does not exist.' }]);
      expect((await gql(READ, { id: cart.id })).data.cart.note).toBeNull();
    });
  });

  describe('line attributes', () => {
    const GIFT = [{ key: 'gift', value: 'yes' }];
    const attributesOf = (cart: any) => cart.lines.nodes.map((l: any) => [l.merchandise.id, l.quantity, l.attributes]);
    const lineAttributes = async () => rows('select variant_id::int as "variantId", attributes, quantity from cart_lines where shop_id = $1 order by id', [shop.shop.id]);

    it('keeps attributes per line (sorted by key, the last value of a key), answers attribute(key:) and reads them back', async () => {
      const [a] = variants;
      const cart = await created({
        lines: [
          { merchandiseId: a.gid, attributes: [{ key: 'gift', value: 'no' }, { key: 'engraving', value: 'For Ada' }, { key: ' gift ', value: 'yes' }] },
          { merchandiseId: a.gid, quantity: 2 },
        ],
      });
      expect(attributesOf(cart)).toEqual([
        [a.gid, 1, [{ key: 'engraving', value: 'For Ada' }, { key: 'gift', value: 'yes' }]],
        [a.gid, 2, []],
      ]);
      expect((await gql(READ, { id: cart.id })).data.cart).toEqual(cart);
      const one = await gql(`query($id: ID!) { cart(id: $id) { lines(first: 5) { nodes { gift: attribute(key: "gift") { key value } none: attribute(key: "nope") { key } } } } }`, { id: cart.id });
      expect(one.data.cart.lines.nodes).toEqual([
        { gift: { key: 'gift', value: 'yes' }, none: null },
        { gift: null, none: null },
      ]);
    });

    it('merges only lines of one variant with equal attributes, also from concurrent adds', async () => {
      const [a, b] = variants;
      const cart = await created({ lines: [{ merchandiseId: a.gid, attributes: GIFT }] });
      const added = (
        await gql(ADD, {
          cartId: cart.id,
          lines: [
            { merchandiseId: a.gid, quantity: 2, attributes: [{ key: 'gift', value: 'yes' }] },
            { merchandiseId: a.gid },
            { merchandiseId: a.gid, attributes: [{ key: 'gift', value: 'no' }] },
            { merchandiseId: b.gid, attributes: GIFT },
          ],
        })
      ).data.cartLinesAdd;
      expect(added.userErrors).toEqual([]);
      expect(attributesOf(added.cart)).toEqual([
        [a.gid, 3, GIFT],
        [a.gid, 1, []],
        [a.gid, 1, [{ key: 'gift', value: 'no' }]],
        [b.gid, 1, GIFT],
      ]);
      await Promise.all([1, 2, 3].map(() => gql(ADD, { cartId: cart.id, lines: [{ merchandiseId: b.gid, attributes: GIFT }] })));
      const read = (await gql(READ, { id: cart.id })).data.cart;
      expect(attributesOf(read)[3]).toEqual([b.gid, 4, GIFT]);
      expect(read.lines.nodes).toHaveLength(4);
    });

    it('cartLinesUpdate replaces attributes, refuses a twin line or a swap (nothing written), and lets a line take a removed one\'s place', async () => {
      const [a, b, c] = variants;
      const cart = await created({ lines: [{ merchandiseId: a.gid }, { merchandiseId: a.gid, attributes: GIFT }, { merchandiseId: b.gid }] });
      const [plain, gift, other] = cart.lines.nodes.map((l: any) => l.id);
      const before = await lineAttributes();
      const refusals: [Record<string, unknown>[], unknown[]][] = [
        [[{ id: plain, attributes: [{ key: 'gift ', value: 'yes' }] }], [['lines', '0', 'attributes']]],
        [[{ id: plain, merchandiseId: b.gid }, { id: other, merchandiseId: a.gid }], [['lines', '0', 'merchandiseId'], ['lines', '1', 'merchandiseId']]],
        [[{ id: other, merchandiseId: a.gid, attributes: GIFT }], [['lines', '0', 'merchandiseId']]],
        [[{ id: plain, attributes: [{ key: '', value: 'x' }] }], [['lines', '0', 'attributes', '0', 'key']]],
      ];
      for (const [lines, fields] of refusals) {
        const res = (await gql(UPDATE, { cartId: cart.id, lines })).data.cartLinesUpdate;
        expect(res).toEqual({ cart: null, userErrors: fields.map((field) => ({ code: 'INVALID', field, message: expect.any(String) })), warnings: [] });
      }
      expect(await lineAttributes()).toEqual(before);

      const renamed = (await gql(UPDATE, { cartId: cart.id, lines: [{ id: plain, attributes: [{ key: 'note', value: 'blue' }] }, { id: other, merchandiseId: c.gid, attributes: GIFT }] })).data.cartLinesUpdate;
      expect(renamed.userErrors).toEqual([]);
      expect(renamed.cart.lines.nodes.map((l: any) => [l.id, l.merchandise.id, l.quantity, l.attributes, l.cost.amountPerQuantity.amount])).toEqual([
        [plain, a.gid, 1, [{ key: 'note', value: 'blue' }], new Decimal(a.price).toFixed(2)],
        [gift, a.gid, 1, GIFT, new Decimal(a.price).toFixed(2)],
        [other, c.gid, 1, GIFT, new Decimal(c.price).toFixed(2)],
      ]);
      // The removed line's variant and attributes are free within the same request.
      const taken = (await gql(UPDATE, { cartId: cart.id, lines: [{ id: gift, quantity: 0 }, { id: plain, attributes: GIFT, quantity: 5 }] })).data.cartLinesUpdate;
      expect(taken.userErrors).toEqual([]);
      expect(taken.cart.lines.nodes.map((l: any) => [l.id, l.quantity, l.attributes])).toEqual([
        [plain, 5, GIFT],
        [other, 1, GIFT],
      ]);
      expect(taken.cart).toEqual((await gql(READ, { id: cart.id })).data.cart);
    });

    it("refuses line attributes the cart's attributes would refuse, writing nothing", async () => {
      const cart = await created({ lines: [{ merchandiseId: variants[0].gid }] });
      const before = await lineAttributes();
      const carts = await cartRows();
      const made = await gql(CREATE, { input: { lines: [{ merchandiseId: variants[0].gid, attributes: [{ key: ' ', value: '1' }] }] } });
      expect(made.data.cartCreate.userErrors).toEqual([{ code: 'INVALID', field: ['input', 'lines', '0', 'attributes', '0', 'key'], message: expect.any(String) }]);
      const long = await gql(ADD, { cartId: cart.id, lines: [{ merchandiseId: variants[1].gid, attributes: [{ key: 'ok', value: 'v' }, { key: 'k', value: 'x'.repeat(5001) }] }] });
      expect(long.data.cartLinesAdd.userErrors).toEqual([{ code: 'INVALID', field: ['lines', '0', 'attributes', '1', 'value'], message: expect.any(String) }]);
      const key = await gql(UPDATE, { cartId: cart.id, lines: [{ id: cart.lines.nodes[0].id, attributes: [{ key: 'k'.repeat(256), value: '' }] }] });
      expect(key.data.cartLinesUpdate.userErrors).toEqual([{ code: 'INVALID', field: ['lines', '0', 'attributes', '0', 'key'], message: expect.any(String) }]);
      const nul = await gql(ADD, { cartId: cart.id, lines: [{ merchandiseId: variants[1].gid, attributes: [{ key: 'k', value: 'a\u0000b' }] }] });
      expect(nul.errors[0].message).toMatch(/NUL|null byte|\\u0000/i);
      expect([await lineAttributes(), await cartRows()]).toEqual([before, carts]);
    });

    it('holds attributes as large as a line may have (the unique key is their hash, not their text)', async () => {
      const big = Array.from({ length: 3 }, (_, i) => ({ key: `k${i}`, value: String(i).repeat(331) }));
      const cart = await created({ lines: [{ merchandiseId: variants[0].gid, attributes: big }] });
      const again = (await gql(ADD, { cartId: cart.id, lines: [{ merchandiseId: variants[0].gid, attributes: big }] })).data.cartLinesAdd;
      expect(again.userErrors).toEqual([]);
      expect(again.cart.lines.nodes.map((l: any) => [l.quantity, l.attributes])).toEqual([[2, big]]);
    });
  });

  describe('regressions found by the hostile probe', () => {
    it('bounds what a tokenless cart can hold: 20 calls adding lines with thousands of attribute characters write nothing', async () => {
      const cart = await created({ lines: [{ merchandiseId: variants[0].gid }] });
      const lineAttributes = async () => rows('select id::int, attributes, quantity from cart_lines where shop_id = $1 order by id', [shop.shop.id]);
      const before = await lineAttributes();
      const attributes = Array.from({ length: 250 }, (_, i) => ({ key: `k${i}`, value: 'x'.repeat(5_000) }));
      // 10 attributes of 5,000 characters, or 20 of 100: each over a line's 1,000 characters in all.
      const heavy = Array.from({ length: 20 }, (_, i) => ({ key: `k${i}`, value: 'y'.repeat(100) }));
      for (let i = 0; i < 20; i++) {
        const res = await gql(ADD, { cartId: cart.id, lines: [{ merchandiseId: variants[1].gid, attributes: i % 2 ? attributes.slice(0, 10) : heavy }] });
        expect(res.data.cartLinesAdd.userErrors).toEqual([{ code: 'INVALID', field: ['lines', '0', 'attributes'], message: expect.stringMatching(/maximum is 1000 characters/) }]);
      }
      expect(await lineAttributes()).toEqual(before);
      const cartWide = await gql(`mutation($id: ID!, $a: [AttributeInput!]!) { cartAttributesUpdate(cartId: $id, attributes: $a) { userErrors { code field } } }`, {
        id: cart.id,
        a: attributes.slice(0, 3),
      });
      expect(cartWide.data.cartAttributesUpdate.userErrors).toEqual([{ code: 'INVALID', field: ['attributes'] }]);
      // The most a cart holds (250 lines at the line total, the cart's attributes and note at theirs) is a few hundred KB.
      const [{ bytes }] = await rows(`select coalesce(sum(pg_column_size(attributes)), 0)::int as bytes from cart_lines`);
      expect(bytes).toBeLessThan(250 * 1_100 + 10_000);
    });
  });

  describe('warnings', () => {
    const setStock = (variant: Variant, inventory: number, forSale = true) =>
      db.query('update product_variants set inventory_quantity = $2, available_for_sale = $3 where id = $1', [variant.id, inventory, forSale]);
    const lineGids = (cart: any) => cart.lines.nodes.map((l: any) => l.id);
    const quantities = (cart: any) => cart.lines.nodes.map((l: any) => l.quantity);
    const restore = async (variant: Variant, sql: string) => {
      const [row] = await rows(`select inventory_quantity::int as inventory, available_for_sale as "forSale" from product_variants where id = $1`, [variant.id]);
      return async () => {
        await setStock(variant, row.inventory, row.forSale);
        if (sql) await db.query(sql, [variant.id]);
      };
    };

    it("cuts a line to a tracked variant's stock with MERCHANDISE_NOT_ENOUGH_STOCK on that line; an untracked variant is never cut", async () => {
      const v = variants[5];
      const back = await restore(v, '');
      try {
        await setStock(v, 3);
        const made = (await gql(CREATE, { input: { lines: [{ merchandiseId: v.gid, quantity: 5 }] } })).data.cartCreate;
        expect(made.userErrors).toEqual([]);
        const [line] = lineGids(made.cart);
        expect(quantities(made.cart)).toEqual([3]);
        expect(made.warnings).toEqual([{ code: 'MERCHANDISE_NOT_ENOUGH_STOCK', message: 'Only 3 items were added to your cart due to availability.', target: line }]);
        expect((await rows('select quantity from cart_lines where variant_id = $1 and cart_id = (select id from carts where token = $2)', [v.id, made.cart.id.split('/').pop().split('?')[0]]))[0].quantity).toBe(3);
        const cartId = made.cart.id;

        const more = (await gql(ADD, { cartId, lines: [{ merchandiseId: v.gid }, { merchandiseId: v.gid, quantity: 2, attributes: [{ key: 'gift', value: 'yes' }] }] })).data.cartLinesAdd;
        expect(quantities(more.cart)).toEqual([3, 2]);
        expect(more.warnings).toEqual([{ code: 'MERCHANDISE_NOT_ENOUGH_STOCK', message: 'Only 3 items were added to your cart due to availability.', target: line }]);
        const fits = (await gql(UPDATE, { cartId, lines: [{ id: line, quantity: 2 }] })).data.cartLinesUpdate;
        expect([quantities(fits.cart), fits.warnings]).toEqual([[2, 2], []]);
        const over = (await gql(UPDATE, { cartId, lines: [{ id: line, quantity: 9 }] })).data.cartLinesUpdate;
        expect(quantities(over.cart)).toEqual([3, 2]);
        expect(over.warnings).toEqual([{ code: 'MERCHANDISE_NOT_ENOUGH_STOCK', message: expect.stringMatching(/^Only 3 items/), target: line }]);
        expect(over.cart).toEqual((await gql(READ, { id: cartId })).data.cart);

        // For sale with no units: not tracked, never cut.
        await setStock(v, 0);
        const untracked = (await gql(ADD, { cartId, lines: [{ merchandiseId: v.gid, quantity: 50 }] })).data.cartLinesAdd;
        expect([quantities(untracked.cart), untracked.warnings]).toEqual([[53, 2], []]);
      } finally {
        await back();
      }
    });

    it('warns of a line whose variant is no longer for sale on every successful mutation, and still refuses adding that variant', async () => {
      // Three variants of three products (unpublishing one product hides only its variants).
      const productOf = new Map((await rows('select id::int, product_id::int as "productId" from product_variants where shop_id = $1', [shop.shop.id])).map((r) => [r.id, r.productId]));
      const [soldOut, hidden, kept] = variants.filter((v, i, all) => all.findIndex((w) => productOf.get(w.id) === productOf.get(v.id)) === i).slice(-3);
      const backSoldOut = await restore(soldOut, '');
      const backHidden = await restore(hidden, `update products set published_at = now() - interval '1 day' where id = (select product_id from product_variants where id = $1)`);
      try {
        const cart = await created({ lines: [{ merchandiseId: soldOut.gid }, { merchandiseId: kept.gid }] });
        const [soldOutLine, keptLine] = lineGids(cart);
        await setStock(soldOut, 0, false);
        const outOfStock = { code: 'MERCHANDISE_OUT_OF_STOCK', message: 'This item is out of stock.', target: soldOutLine };
        const steps: [string, Record<string, unknown>][] = [
          [NOTE, { cartId: cart.id, note: 'Still there?' }],
          [ADD, { cartId: cart.id, lines: [{ merchandiseId: kept.gid }] }],
          [UPDATE, { cartId: cart.id, lines: [{ id: soldOutLine, quantity: 2 }] }],
          [ATTRIBUTES, { cartId: cart.id, attributes: [] }],
          [CODES, { cartId: cart.id, codes: [] }],
          [BUYER, { cartId: cart.id, buyer: { email: 'late@example.com' } }],
        ];
        for (const [query, variables] of steps) {
          const payload = Object.values((await gql(query, variables)).data)[0] as any;
          expect(payload.userErrors).toEqual([]);
          expect(payload.warnings).toEqual([outOfStock]);
        }
        const before = await lineRows();
        const refused = (await gql(ADD, { cartId: cart.id, lines: [{ merchandiseId: soldOut.gid }] })).data.cartLinesAdd;
        expect(refused).toEqual({ cart: null, userErrors: [{ code: 'INVALID', field: ['lines', '0', 'merchandiseId'], message: expect.stringMatching(/sold out/) }], warnings: [] });
        expect(await lineRows()).toEqual(before);

        // A line whose product is no longer published; removing the lines ends the warnings.
        const withHidden = (await gql(ADD, { cartId: cart.id, lines: [{ merchandiseId: hidden.gid }] })).data.cartLinesAdd.cart;
        const hiddenLine = lineGids(withHidden)[2];
        await db.query(`update products set published_at = null where id = (select product_id from product_variants where id = $1)`, [hidden.id]);
        const both = (await gql(NOTE, { cartId: cart.id, note: 'Both' })).data.cartNoteUpdate;
        expect(both.warnings).toEqual([outOfStock, { code: 'MERCHANDISE_OUT_OF_STOCK', message: 'This item is no longer available.', target: hiddenLine }]);
        const removed = (await gql(REMOVE, { cartId: cart.id, lineIds: [soldOutLine, hiddenLine] })).data.cartLinesRemove;
        expect([lineGids(removed.cart), removed.warnings]).toEqual([[keptLine], []]);
      } finally {
        await backSoldOut();
        await backHidden();
      }
    });

    it('warns of each discount code that does not apply, saying why, on cartCreate and cartDiscountCodesUpdate (still not applicable, never an error)', async () => {
      await db.query(
        `insert into discount_codes (shop_id, code, value_type, value, minimum_subtotal, starts_at, ends_at, usage_limit, usage_count) values
          ($1, 'W_TEN', 'percentage', 10, null, now() - interval '1 day', null, null, 0),
          ($1, 'W_FIVE', 'fixed_amount', 5, null, now() - interval '1 day', null, null, 0),
          ($1, 'W_OLD', 'percentage', 50, null, now() - interval '10 days', now() - interval '1 day', null, 0),
          ($1, 'W_SOON', 'percentage', 50, null, now() + interval '1 day', null, null, 0),
          ($1, 'W_USED', 'percentage', 50, null, now() - interval '10 days', null, 1, 1),
          ($1, 'W_BIG', 'fixed_amount', 5, 1000000, now() - interval '1 day', null, null, 0)`,
        [shop.shop.id],
      );
      const made = (await gql(CREATE, { input: { lines: [{ merchandiseId: variants[0].gid }], discountCodes: ['w_nope', 'W_OLD', 'W_SOON', 'W_USED', 'W_BIG', 'w_ten', 'W_FIVE'] } })).data.cartCreate;
      expect(made.userErrors).toEqual([]);
      expect(made.cart.discountCodes.map((c: any) => c.applicable)).toEqual([false, false, false, false, false, true, false]);
      const cartId = made.cart.id;
      expect(made.warnings).toEqual([
        { code: 'DISCOUNT_NOT_FOUND', message: 'The discount code w_nope does not exist.', target: cartId },
        { code: 'DISCOUNT_CURRENTLY_INACTIVE', message: 'The discount code W_OLD is not active now.', target: cartId },
        { code: 'DISCOUNT_CURRENTLY_INACTIVE', message: 'The discount code W_SOON is not active now.', target: cartId },
        { code: 'DISCOUNT_USAGE_LIMIT_REACHED', message: 'The discount code W_USED has reached its usage limit.', target: cartId },
        { code: 'DISCOUNT_PURCHASE_NOT_IN_RANGE', message: "The cart's subtotal is not in the range of the discount code W_BIG.", target: cartId },
        { code: 'DISCOUNT_CODE_NOT_HONOURED', message: 'The discount code W_FIVE cannot be combined with the code that applies.', target: cartId },
      ]);
      const swapped = (await gql(CODES, { cartId, codes: ['W_FIVE', 'W_TEN'] })).data.cartDiscountCodesUpdate;
      expect(swapped.cart.discountCodes).toEqual([{ code: 'W_FIVE', applicable: true }, { code: 'W_TEN', applicable: false }]);
      expect(swapped.warnings).toEqual([{ code: 'DISCOUNT_CODE_NOT_HONOURED', message: expect.any(String), target: cartId }]);
      // Other mutations do not repeat the codes' warnings.
      expect((await gql(NOTE, { cartId, note: 'n' })).data.cartNoteUpdate.warnings).toEqual([]);
      const empty = (await gql(CREATE, { input: { discountCodes: ['W_TEN'] } })).data.cartCreate;
      expect(empty.warnings).toEqual([{ code: 'DISCOUNT_PURCHASE_NOT_IN_RANGE', message: expect.any(String), target: empty.cart.id }]);
      expect((await gql(CODES, { cartId, codes: [] })).data.cartDiscountCodesUpdate.warnings).toEqual([]);
    });
  });
});
