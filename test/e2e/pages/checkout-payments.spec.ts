import pg from 'pg';
import { Decimal } from '@platform/money';
import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD } from '@platform/seed';
import { type Sent, VERSION, adminQuery, send, storefrontQuery } from '../../support/http.js';
import { sqlDuring } from '../../support/sql.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';

// The hosted checkout without a browser: the page a checkoutUrl opens, paying it (one transaction: order, ledger
// charge, customer stats, completed cart), exact money in every currency, discount and B2B price, paying twice or
// at once, invalid payment input, and URLs that name no cart.

const CREATE = (directive = '') => `mutation($input: CartInput${directive.includes('$buyer') ? ', $buyer: BuyerInput!' : ''}) ${directive} { cartCreate(input: $input) { cart { id checkoutUrl cost { subtotalAmount { amount currencyCode } totalAmount { amount currencyCode } }
  lines(first: 100) { nodes { quantity cost { amountPerQuantity { amount } totalAmount { amount } } } } } userErrors { code message } } }`;
const ADD = `mutation($cartId: ID!, $lines: [CartLineInput!]!) { cartLinesAdd(cartId: $cartId, lines: $lines) { cart { id } userErrors { code } } }`;
const LOGIN = `mutation($input: CustomerAccessTokenCreateInput!) { customerAccessTokenCreate(input: $input) { customerAccessToken { accessToken } } }`;

// In Canada: one of the demo shop's markets (US, CA, FR), the only countries its checkout sells to.
const ADDRESS = { first_name: 'Ada', last_name: 'Lovelace', address1: '12 Analytical Row', city: 'Toronto', zip: 'M5V 2T6', country: 'CA' };

interface Variant {
  id: number;
  gid: string;
  price: string;
}

describe('hosted checkout payments', () => {
  let t: TestApp;
  let shop: TestShop;
  let other: TestShop;
  let db: pg.Client;
  let variants: Variant[];
  let demoCustomerId: number;

  beforeAll(async () => {
    const raised = { capacity: 1_000_000, leakPerSecond: 100_000 };
    t = await createTestApp({}, { storefront: raised, checkoutCreationsPerMinute: 100_000, customerLogin: { perEmail: raised, perIp: raised } });
    shop = await t.seedShop('pay', { products: 10, customers: 12, seed: 3 });
    other = await t.seedShop('pay-other', { products: 2, seed: 4 });
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    variants = (
      await rows(
        `select v.id::int, v.price::text from product_variants v join products p on p.id = v.product_id
          where v.shop_id = $1 and v.available_for_sale and p.status = 'active' and p.published_at <= now() order by v.id`,
        [shop.shop.id],
      )
    ).map((r) => ({ ...r, gid: `gid://platform/ProductVariant/${r.id}` }));
    demoCustomerId = (await rows('select id::int from customers where shop_id = $1 and email = $2', [shop.shop.id, DEMO_CUSTOMER_EMAIL]))[0].id;
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  async function rows<T = any>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await db.query(sql, params)).rows as T[];
  }
  async function gql(target: TestShop, query: string, variables: Record<string, unknown> = {}): Promise<any> {
    const res = await storefrontQuery(t.app, target.host, query, { 'x-platform-storefront-access-token': target.tokens.storefrontAccessToken }, { variables });
    expect(res.body.errors).toBeUndefined();
    return res.body.data;
  }
  async function cartOf(lines: { merchandiseId: string; quantity: number; attributes?: { key: string; value: string }[] }[], extra: Record<string, unknown> = {}, directive = '', target = shop, variables: Record<string, unknown> = {}) {
    const data = await gql(target, CREATE(directive), { input: { lines, ...extra }, ...variables });
    expect(data.cartCreate.userErrors).toEqual([]);
    return data.cartCreate.cart as { id: string; checkoutUrl: string; cost: any; lines: any };
  }
  const pathOf = (checkoutUrl: string) => checkoutUrl.replace(/^https?:\/\/[^/]+/, '');
  const open = (url: string, host = shop.host) => send(t.app, { url, host });
  const post = (url: string, fields: Record<string, string | string[]>, host = shop.host, headers: Record<string, string> = {}) => {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) form.append(k, one);
    return send(t.app, { method: 'POST', url, host, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, rawBody: form.toString() });
  };
  const shownTotal = (page: Sent) => /name="expected_total" value="([0-9.]+)"/.exec(page.text)![1]!;
  async function pay(checkoutUrl: string, fields: Record<string, string | string[]> = {}) {
    const url = pathOf(checkoutUrl);
    const page = await open(url);
    expect(page.status).toBe(200);
    return post(url, { email: 'buyer@example.com', ...ADDRESS, wallet_token: 'tok_test_approved', expected_total: shownTotal(page), ...fields });
  }
  const orderName = (page: Sent) => /id="order-name">([^<]+)</.exec(page.text)?.[1];
  const counts = async () =>
    (
      await rows(
        `select (select count(*)::int from orders where shop_id = $1) as orders, (select count(*)::int from balance_transactions where shop_id = $1) as charges,
          (select count(*)::int from carts where shop_id = $1 and completed_at is not null) as completed`,
        [shop.shop.id],
      )
    )[0];
  const admin = (query: string) => adminQuery(t.app, shop.host, shop.tokens.adminAccessToken, query);
  const rest = (path: string) => send(t.app, { url: `/admin/api/${VERSION}/${path}`, host: shop.host, headers: { 'x-platform-access-token': shop.tokens.adminAccessToken } });

  it('shows the cart: lines, exact totals in its currency, the pay form, and the hosted page headers', async () => {
    const [a, b] = variants;
    const cart = await cartOf([{ merchandiseId: a!.gid, quantity: 3 }, { merchandiseId: b!.gid, quantity: 1 }], { buyerIdentity: { email: 'shown@example.com' } });
    const page = await open(pathOf(cart.checkoutUrl));
    expect(page.status).toBe(200);
    expect(page.headers).toMatchObject({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' });
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    const total = new Decimal(a!.price).times(3).plus(b!.price).toFixed(2);
    expect(page.text).toContain(`${new Decimal(a!.price).times(3).toFixed(2)} USD`);
    expect(page.text).toContain(`<strong>${total} USD</strong>`);
    expect(shownTotal(page)).toBe(total);
    expect(page.text).toContain('value="shown@example.com"');
    expect(page.text).toContain('name="wallet_token"');
    // Every contact and address field names what browsers fill it from.
    const inputs = [...page.text.matchAll(/<(?:input|select) id="([a-z_0-9]+)"[^>]*>/g)].filter(([, id]) => id !== 'wallet_token');
    expect(inputs.length).toBe(10);
    // The country is a choice among the shop's markets' countries, the cart's own chosen.
    expect([...page.text.matchAll(/<option value="([A-Z]{2})"( selected)?>/g)].map((m) => m[1] + (m[2] ?? ''))).toEqual(['CA', 'FR', 'US selected']);
    for (const [input, id] of inputs) expect({ id, autocomplete: /autocomplete="([a-z0-9 -]+)"/.exec(input!)?.[1] }).toEqual({ id, autocomplete: expect.stringMatching(/^(email|shipping [a-z0-9-]+)$/) });
    expect(page.text).toContain('dev.platform.wallet_handler');
    expect(page.text).not.toContain('<script');
    // Each line shows its product's picture (the seed's are files the shop keeps), small, from this host.
    expect(page.headers['content-security-policy']).toContain("img-src 'self'");
    const pictures = [...page.text.matchAll(/<img src="([^"]+)" alt="[^"]+" width="64" height="64">/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    expect(pictures).toHaveLength(2);
    for (const picture of pictures) {
      const url = new URL(picture);
      expect(url.host).toBe(shop.host);
      expect(url.searchParams.get('width')).toBe('64');
      const served = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: shop.host } });
      expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/jpeg']);
    }
  });

  it('pays: one order #1001 with its sale, a ledger charge with fee and net, the customer stats and a completed cart, visible on every surface', async () => {
    const [a, b, c] = variants;
    const cart = await cartOf([{ merchandiseId: a!.gid, quantity: 2 }, { merchandiseId: b!.gid, quantity: 1 }, { merchandiseId: c!.gid, quantity: 4 }], { discountCodes: ['WELCOME10'] });
    const subtotal = new Decimal(a!.price).times(2).plus(b!.price).plus(new Decimal(c!.price).times(4));
    const discount = subtotal.times('0.10').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const total = subtotal.minus(discount).toFixed(2);
    const [before] = await rows('select orders_count, total_spent::text from customers where id = $1', [demoCustomerId]);
    const stock = async () => (await rows('select variant_id::int, sum(available)::int as n from inventory_levels where variant_id = any($1::bigint[]) group by variant_id order by variant_id', [[a!.id, b!.id, c!.id]]));
    const stockBefore = await stock();

    const paid = await pay(cart.checkoutUrl, { email: DEMO_CUSTOMER_EMAIL.toUpperCase() });
    expect(paid.status).toBe(200);
    expect(orderName(paid)).toBe('#1001');
    expect(paid.text).toContain(`${total} USD`);

    const [order] = await rows(
      `select id::int, name, email, financial_status, currency, subtotal_price::text, total_discounts::text, total_price::text, customer_id::int, test,
          shipping_address->>'city' as city from orders where shop_id = $1 and name = '#1001'`,
      [shop.shop.id],
    );
    expect(order).toMatchObject({ name: '#1001', email: DEMO_CUSTOMER_EMAIL.toLowerCase(), financial_status: 'paid', currency: 'USD', subtotal_price: subtotal.toFixed(2), total_discounts: discount.toFixed(2), total_price: total, customer_id: demoCustomerId, test: true, city: 'Toronto' });
    const lines = await rows('select variant_id::int, quantity, price::text, title from order_line_items where order_id = $1 order by id', [order.id]);
    expect(lines.map((l) => [l.variant_id, l.quantity, l.price])).toEqual([
      [a!.id, 2, new Decimal(a!.price).toFixed(2)],
      [b!.id, 1, new Decimal(b!.price).toFixed(2)],
      [c!.id, 4, new Decimal(c!.price).toFixed(2)],
    ]);
    expect(lines.every((l) => l.title.length > 0)).toBe(true);
    // The paid units left stock, recorded against the order with reason `order`.
    const taken = new Map([[a!.id, 2], [b!.id, 1], [c!.id, 4]]);
    expect(await stock()).toEqual(stockBefore.map((s) => ({ variant_id: s.variant_id, n: s.n - taken.get(s.variant_id)! })));
    const [group] = await rows(`select reason, reference_document_uri from inventory_adjustment_groups where shop_id = $1 and reference_document_uri = $2`, [shop.shop.id, `gid://platform/Order/${order.id}`]);
    expect(group).toEqual({ reason: 'order', reference_document_uri: `gid://platform/Order/${order.id}` });
    expect(await rows('select kind, status, amount::text, gateway from order_transactions where order_id = $1', [order.id])).toEqual([
      { kind: 'sale', status: 'success', amount: total, gateway: 'dev.platform.wallet_handler' },
    ]);
    const [after] = await rows('select orders_count, total_spent::text, last_order_id::int, last_order_name from customers where id = $1', [demoCustomerId]);
    expect(after).toEqual({ orders_count: before.orders_count + 1, total_spent: new Decimal(before.total_spent).plus(total).toFixed(2), last_order_id: order.id, last_order_name: '#1001' });
    expect((await rows('select usage_count from discount_codes where shop_id = $1 and code = $2', [shop.shop.id, 'WELCOME10']))[0].usage_count).toBe(1);
    expect((await rows('select completed_at from carts where token = $1', [cart.checkoutUrl.split('/c/')[1]!.split('?')[0]]))[0].completed_at).not.toBeNull();

    // Admin GraphQL, REST orders and the customer's orders, the buyer's storefront orders, the ledger's charge.
    const listed = await admin(`{ orders(first: 5, reverse: true) { nodes { name email displayFinancialStatus totalPriceSet { shopMoney { amount currencyCode } } customer { id } } } }`);
    expect(listed.body.data.orders.nodes[0]).toEqual({
      name: '#1001',
      email: DEMO_CUSTOMER_EMAIL.toLowerCase(),
      displayFinancialStatus: 'PAID',
      totalPriceSet: { shopMoney: { amount: total, currencyCode: 'USD' } },
      customer: { id: `gid://platform/Customer/${demoCustomerId}` },
    });
    const restOrders = await rest('orders.json?status=any');
    expect(restOrders.body.orders.find((o: any) => o.name === '#1001')).toMatchObject({ id: order.id, financial_status: 'paid', total_price: total, currency: 'USD' });
    // The checkout's address is read as every address is: the country named from its code (it was null).
    expect(restOrders.body.orders.find((o: any) => o.name === '#1001').shipping_address).toMatchObject({ name: 'Ada Lovelace', city: 'Toronto', zip: 'M5V 2T6', country: 'Canada', country_code: 'CA' });
    const customerOrders = await rest(`customers/${demoCustomerId}/orders.json?status=any`);
    expect(customerOrders.body.orders.map((o: any) => o.name)).toContain('#1001');
    const token = (await gql(shop, LOGIN, { input: { email: DEMO_CUSTOMER_EMAIL, password: DEMO_CUSTOMER_PASSWORD } })).customerAccessTokenCreate.customerAccessToken.accessToken;
    const mine = await gql(shop, `query($t: String!) { customer(customerAccessToken: $t) { orders(first: 10, reverse: true) { nodes { name financialStatus totalPrice { amount currencyCode } } } } }`, { t: token });
    expect(mine.customer.orders.nodes[0]).toEqual({ name: '#1001', financialStatus: 'PAID', totalPrice: { amount: total, currencyCode: 'USD' } });
    const ledger = await rest('platform_payments/balance/transactions.json');
    const charge = ledger.body.transactions.find((x: any) => x.source_order_id === order.id);
    expect(charge).toMatchObject({ type: 'charge', amount: total, currency: 'USD', test: true });
    expect(new Decimal(charge.amount).minus(charge.fee).toFixed(2)).toBe(charge.net);
    expect(new Decimal(charge.fee).greaterThan(0)).toBe(true);

    // The URL now shows the confirmation; paying it again answers the same order and writes nothing.
    const counted = await counts();
    const again = await open(pathOf(cart.checkoutUrl));
    expect([again.status, orderName(again)]).toEqual([200, '#1001']);
    const repost = await post(pathOf(cart.checkoutUrl), { email: 'x@example.com', ...ADDRESS, wallet_token: 'tok_test_approved', expected_total: total });
    expect([repost.status, orderName(repost)]).toEqual([200, '#1001']);
    expect(await counts()).toEqual(counted);
  });

  it('takes one payment of concurrent duplicate POSTs: one order, one charge, the same confirmation for all', async () => {
    const cart = await cartOf([{ merchandiseId: variants[3]!.gid, quantity: 2 }]);
    const url = pathOf(cart.checkoutUrl);
    const total = shownTotal(await open(url));
    const before = await counts();
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(url, { email: 'twice@example.com', ...ADDRESS, wallet_token: 'tok_test_approved', expected_total: total })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const names = new Set(answers.map(orderName));
    expect(names.size).toBe(1);
    const after = await counts();
    expect(after).toEqual({ orders: before.orders + 1, charges: before.charges + 1, completed: before.completed + 1 });
  });

  it("carries each cart line's attributes onto its order line: REST properties, admin GraphQL customAttributes", async () => {
    const [a] = variants;
    const engraved = [{ key: 'engraving', value: 'For Ada' }, { key: 'gift', value: 'yes' }];
    const cart = await cartOf([
      { merchandiseId: a!.gid, quantity: 1, attributes: [engraved[1]!, engraved[0]!] },
      { merchandiseId: a!.gid, quantity: 1 },
    ]);
    expect(cart.lines.nodes).toHaveLength(2);
    const paid = await pay(cart.checkoutUrl);
    expect(paid.status).toBe(200);
    const [order] = await rows('select id::int from orders where shop_id = $1 and name = $2', [shop.shop.id, orderName(paid)]);
    const properties = engraved.map(({ key, value }) => ({ name: key, value }));
    const restOrder = (await rest(`orders/${order.id}.json`)).body.order;
    expect(restOrder.line_items.map((l: any) => [l.variant_id, l.quantity, l.properties])).toEqual([
      [a!.id, 1, properties],
      [a!.id, 1, []],
    ]);
    const graphql = await admin(`{ order(id: "gid://platform/Order/${order.id}") { lineItems(first: 5) { nodes { quantity customAttributes { key value } } } } }`);
    expect(graphql.body.data.order.lineItems.nodes).toEqual([
      { quantity: 1, customAttributes: engraved },
      { quantity: 1, customAttributes: [] },
    ]);
  });

  it('refuses invalid payment input and contact with a 422 page naming the problem, writing nothing', async () => {
    const cart = await cartOf([{ merchandiseId: variants[4]!.gid, quantity: 1 }]);
    const before = await counts();
    const cases: [Record<string, string | string[]>, string][] = [
      [{ wallet_token: '4242 4242 4242 4242' }, 'Wallet token must look like tok_test_approved'],
      [{ wallet_token: ['tok_test_approved', 'tok_test_approved'] }, 'Wallet token must be given once, as text'],
      [{ wallet_token: `tok_test_${'a'.repeat(5000)}` }, 'Wallet token must look like tok_test_approved'],
      [{ wallet_token: 'tok_test_a\u0000' }, 'Wallet token must look like tok_test_approved'],
      [{ wallet_token: '' }, 'Wallet token must look like tok_test_approved'],
      [{ email: 'not-an-email' }, 'Email is invalid'],
      [{ email: '' }, "Email can&#39;t be blank"],
      [{ city: 'x'.repeat(300) }, 'City is too long (maximum is 255 characters)'],
      [{ last_name: 'a\u0000b' }, 'Last name contains a character that is not allowed'],
      [{ country: 'Britain' }, 'Country is not a known country'],
      [{ country: 'ZZ' }, 'Country is not a known country'],
      [{ country: 'GB' }, 'Country United Kingdom is not one this shop sells to'],
      [{ country: 'US', province: 'Ontario' }, 'Province or state is not a province of United States'],
      [{ wallet_token: 'tok_test_declined' }, 'Your payment was declined'],
      [{ wallet_token: '<script>alert(1)</script>' }, 'Wallet token must look like'],
    ];
    for (const [fields, message] of cases) {
      const page = await pay(cart.checkoutUrl, fields);
      expect([page.status, page.text.includes(message)]).toEqual([422, true]);
      expect(page.text).toContain('role="alert"');
      expect(page.text).not.toContain('<script>alert');
    }
    // Each problem is also shown beside its field, which says it is invalid and points at the message.
    for (const [fields, field, message] of [
      [{ city: 'x'.repeat(300) }, 'city', 'City is too long'],
      [{ country: 'ZZ' }, 'country', 'Country is not a known country'],
      [{ country: 'US', province: 'Ontario' }, 'province', 'Province or state is not a province of United States'],
      [{ email: 'not-an-email' }, 'email', 'Email is invalid'],
      [{ wallet_token: '4242' }, 'wallet_token', 'Wallet token must look like'],
    ] as const) {
      const page = await pay(cart.checkoutUrl, fields);
      const input = new RegExp(`<(?:input|select) id="${field}"[^>]*>`).exec(page.text)![0];
      expect(input).toContain(`aria-invalid="true" aria-describedby="${field}-error"`);
      expect(new RegExp(`<p class="field-error" id="${field}-error">([^<]*)</p>`).exec(page.text)?.[1]).toContain(message);
      // The other fields are not marked.
      expect(page.text.match(/aria-invalid="true"/g)).toHaveLength(1);
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 409 with the new total when the cart changed after the page was shown, and pays nothing', async () => {
    const cart = await cartOf([{ merchandiseId: variants[5]!.gid, quantity: 1 }]);
    const url = pathOf(cart.checkoutUrl);
    const shown = shownTotal(await open(url));
    await gql(shop, ADD, { cartId: cart.id, lines: [{ merchandiseId: variants[6]!.gid, quantity: 1 }] });
    const before = await counts();
    const page = await post(url, { email: 'late@example.com', ...ADDRESS, wallet_token: 'tok_test_approved', expected_total: shown });
    expect(page.status).toBe(409);
    expect(page.text).toContain('Your cart changed');
    const now = shownTotal(page);
    expect(now).toBe(new Decimal(variants[5]!.price).plus(variants[6]!.price).toFixed(2));
    expect(await counts()).toEqual(before);
    const paid = await post(url, { email: 'late@example.com', ...ADDRESS, wallet_token: 'tok_test_approved', expected_total: now });
    expect(paid.status).toBe(200);
    expect(orderName(paid)).toMatch(/^#10\d\d$/);
  });

  it('answers a 404 page for a wrong key, a malformed or unknown token, an expired cart and another shop, on GET and POST', async () => {
    const cart = await cartOf([{ merchandiseId: variants[7]!.gid, quantity: 1 }]);
    const url = pathOf(cart.checkoutUrl);
    const [, token, key] = /\/cart\/c\/([0-9a-f]+)\?key=([0-9a-f]+)/.exec(url)!;
    const wrongKey = `/cart/c/${token}?key=${key!.replace(/^./, (c) => (c === '0' ? '1' : '0'))}`;
    const before = await counts();
    for (const bad of [wrongKey, `/cart/c/${token}`, `/cart/c/${token}?key=${key}&key=${key}`, `/cart/c/${'a'.repeat(32)}?key=${key}`, '/cart/c/nonsense?key=x', `/cart/c/${token}%00?key=${key}`]) {
      for (const res of [await open(bad), await post(bad, { email: 'a@example.com', ...ADDRESS, wallet_token: 'tok_test_approved', expected_total: '1.00' })]) {
        expect(res.status).toBe(404);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.text).toContain('This checkout is not available');
      }
    }
    const foreign = await open(url, other.host);
    expect(foreign.status).toBe(404);
    await db.query('update carts set expires_at = now() - interval \'1 second\' where token = $1', [token]);
    expect((await open(url)).status).toBe(404);
    expect((await post(url, { email: 'a@example.com', ...ADDRESS, wallet_token: 'tok_test_approved', expected_total: '1.00' })).status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('answers an oversized form with a 413 page and a frozen shop with its 402 page, paying nothing', async () => {
    const cart = await cartOf([{ merchandiseId: variants[7]!.gid, quantity: 1 }]);
    const url = pathOf(cart.checkoutUrl);
    const before = await counts();
    const huge = await send(t.app, { method: 'POST', url, host: shop.host, headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: `email=${'a'.repeat(20_000)}` });
    expect([huge.status, huge.headers['content-type']]).toEqual([413, 'text/html; charset=utf-8']);
    await t.setShopState('pay', 'frozen');
    try {
      const frozen = await post(url, { email: 'a@example.com', ...ADDRESS, wallet_token: 'tok_test_approved', expected_total: '1.00' });
      expect([frozen.status, frozen.text.includes('This shop is unavailable')]).toEqual([402, true]);
    } finally {
      await t.setShopState('pay', 'active');
    }
    expect(await counts()).toEqual(before);
    expect((await open(url)).status).toBe(200);
  });

  it('charges exactly in the cart currency with many lines and quantities (CAD), with a fixed discount converted', async () => {
    const lines = variants.slice(0, 12).map((v, i) => ({ merchandiseId: v.gid, quantity: (i % 5) + 1 }));
    const cart = await cartOf(lines, { discountCodes: ['SAVE5'] }, '@inContext(country: CA)');
    expect(cart.cost.totalAmount.currencyCode).toBe('CAD');
    const paid = await pay(cart.checkoutUrl);
    expect(paid.status).toBe(200);
    const [order] = await rows('select id::int, currency, subtotal_price::text, total_discounts::text, total_price::text from orders where shop_id = $1 and name = $2', [shop.shop.id, orderName(paid)]);
    expect(order).toMatchObject({ currency: 'CAD', subtotal_price: cart.cost.subtotalAmount.amount, total_price: cart.cost.totalAmount.amount });
    expect(new Decimal(order.subtotal_price).minus(order.total_discounts).toFixed(2)).toBe(order.total_price);
    const orderLines = await rows('select quantity, price::text from order_line_items where order_id = $1 order by id', [order.id]);
    expect(orderLines).toEqual(cart.lines.nodes.map((l: any) => ({ quantity: l.quantity, price: l.cost.amountPerQuantity.amount })));
    const [charge] = await rows('select b.amount::text, b.currency from balance_transactions b join order_transactions t on t.id = b.source_id where t.order_id = $1', [order.id]);
    expect(charge).toEqual({ amount: order.total_price, currency: 'CAD' });
  });

  it("orders a B2B buyer's cart at the location's catalog prices", async () => {
    const [contact] = await rows(
      `select cu.email, l.id::int as location from company_contacts ct join customers cu on cu.id = ct.customer_id
         join company_contact_locations cl on cl.contact_id = ct.id join company_locations l on l.id = cl.location_id
        where ct.shop_id = $1 order by l.id limit 1`,
      [shop.shop.id],
    );
    const token = (await gql(shop, LOGIN, { input: { email: contact.email, password: DEMO_CUSTOMER_PASSWORD } })).customerAccessTokenCreate.customerAccessToken.accessToken;
    const buyer = { customerAccessToken: token, companyLocationId: `gid://platform/CompanyLocation/${contact.location}` };
    const lines = variants.slice(0, 4).map((v) => ({ merchandiseId: v.gid, quantity: 2 }));
    const cart = await cartOf(lines, {}, '@inContext(buyer: $buyer)', shop, { buyer });
    const listPrices = variants.slice(0, 4).map((v) => new Decimal(v.price).toFixed(2));
    const cartPrices = cart.lines.nodes.map((l: any) => l.cost.amountPerQuantity.amount);
    expect(cartPrices).not.toEqual(listPrices);
    const paid = await pay(cart.checkoutUrl, { email: contact.email });
    expect(paid.status).toBe(200);
    const [order] = await rows('select id::int, customer_id::int, total_price::text from orders where shop_id = $1 and name = $2', [shop.shop.id, orderName(paid)]);
    expect(order.total_price).toBe(cart.cost.totalAmount.amount);
    const orderLines = await rows('select price::text from order_line_items where order_id = $1 order by id', [order.id]);
    expect(orderLines.map((l) => l.price)).toEqual(cartPrices);
    expect(order.customer_id).toBe((await rows('select id::int from customers where shop_id = $1 and email = $2', [shop.shop.id, contact.email]))[0].id);
  });

  it("records the visitor's consent the checkout URL carries (_cs), and none when it was altered or is another cart's", async () => {
    const CONSENT = '@inContext(visitorConsent: { analytics: true, marketing: false })';
    const consentOf = async (name: string | undefined) => (await rows('select visitor_consent from orders where shop_id = $1 and name = $2', [shop.shop.id, name]))[0].visitor_consent;
    const kept = await cartOf([{ merchandiseId: variants[8]!.gid, quantity: 1 }], {}, CONSENT);
    expect(kept.checkoutUrl).toMatch(/&_cs=[A-Za-z0-9_-]{19}$/);
    expect(await consentOf(orderName(await pay(kept.checkoutUrl)))).toEqual({ analytics: true, marketing: false });

    const altered = await cartOf([{ merchandiseId: variants[8]!.gid, quantity: 1 }], {}, CONSENT);
    const flipped = altered.checkoutUrl.replace(/_cs=(.)/, (_m, c: string) => `_cs=${c === 'A' ? 'B' : 'A'}`);
    expect(await consentOf(orderName(await pay(flipped)))).toBeNull();

    const plain = await cartOf([{ merchandiseId: variants[8]!.gid, quantity: 1 }]);
    const moved = `${plain.checkoutUrl}&_cs=${/_cs=([^&]+)/.exec(kept.checkoutUrl)![1]}`;
    expect(await consentOf(orderName(await pay(moved)))).toBeNull();
  });

  it('shows and pays a cart in statements that do not grow with its lines', async () => {
    const small = await cartOf([{ merchandiseId: variants[0]!.gid, quantity: 1 }]);
    const large = await cartOf(variants.slice(0, 10).map((v) => ({ merchandiseId: v.gid, quantity: 2 })));
    await open(pathOf(small.checkoutUrl));
    const shown = [await sqlDuring(() => open(pathOf(small.checkoutUrl))), await sqlDuring(() => open(pathOf(large.checkoutUrl)))];
    expect(shown[1]!.statements.length).toBe(shown[0]!.statements.length);
    expect(shown[0]!.statements.length).toBeLessThanOrEqual(4);
    const paid = [];
    for (const cart of [small, large]) {
      const url = pathOf(cart.checkoutUrl);
      const total = shownTotal(await open(url));
      paid.push(await sqlDuring(() => post(url, { email: 'count@example.com', ...ADDRESS, wallet_token: 'tok_test_approved', expected_total: total })));
    }
    expect(paid.map((p) => p.result.status)).toEqual([200, 200]);
    expect(paid[1]!.statements.length).toBe(paid[0]!.statements.length);
  });

  // Regression (issue 30, item 8): the pay form was accepted from a page of another site.
  it('refuses the pay form posted from another site, or another shop, with a 403 page and pays nothing; its own page pays', async () => {
    const cart = await cartOf([{ merchandiseId: variants[8]!.gid, quantity: 1 }]);
    const url = pathOf(cart.checkoutUrl);
    const form = { email: 'forged@example.com', ...ADDRESS, wallet_token: 'tok_test_approved', expected_total: shownTotal(await open(url)) };
    const before = await counts();
    const foreign: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: `http://${other.host}` }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site', origin: 'null' }];
    for (const headers of foreign) {
      const refused = await post(url, form, shop.host, headers);
      expect({ headers, status: refused.status, type: refused.headers['content-type'] }).toEqual({ headers, status: 403, type: 'text/html; charset=utf-8' });
      expect(refused.text).toContain('<h1>Request refused</h1>');
      expect(refused.text).toContain('This form was sent from another site.');
    }
    expect(await counts()).toEqual(before);
    const paid = await post(url, form, shop.host, { origin: `http://${shop.host}`, 'sec-fetch-site': 'same-origin' });
    expect(paid.status).toBe(200);
    expect(orderName(paid)).toMatch(/^#\d+$/);
  });

  // Regression (issue 30, item 11): docs/storefront.md called the seeded FIRSTONLY used up; it has one use.
  it('applies the seeded FIRSTONLY once, as docs/storefront.md says: the first checkout paid with it uses it up', async () => {
    const withCode = async () =>
      (await gql(shop, `mutation($input: CartInput) { cartCreate(input: $input) { cart { checkoutUrl discountCodes { code applicable } } warnings { code } } }`, {
        input: { lines: [{ merchandiseId: variants[8]!.gid, quantity: 1 }], discountCodes: ['FIRSTONLY'] },
      })).cartCreate;
    const first = await withCode();
    expect([first.cart.discountCodes, first.warnings]).toEqual([[{ code: 'FIRSTONLY', applicable: true }], []]);
    expect((await pay(first.cart.checkoutUrl)).status).toBe(200);
    const second = await withCode();
    expect([second.cart.discountCodes, second.warnings]).toEqual([[{ code: 'FIRSTONLY', applicable: false }], [{ code: 'DISCOUNT_USAGE_LIMIT_REACHED' }]]);
  });

  it("serves the wallet handler's JSON Schemas with ids on the shop's host, and 404 for others", async () => {
    const base = '/schemas/payment-handlers/dev.platform.wallet_handler/2026-01-23';
    for (const path of ['/schemas/ucp/2026-01-23/payment_handler.json', `${base}/schema.json`, `${base}/token.json`, `${base}/instrument.json`, `${base}/business_config.json`, `${base}/platform_config.json`, `${base}/response_config.json`]) {
      const res = await open(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/schema+json; charset=utf-8');
      expect(res.body.$id).toBe(`http://${shop.host}${path}`);
      expect(res.body.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    }
    const handler = (await open(`${base}/schema.json`)).body;
    expect(Object.keys(handler.$defs['dev.platform.wallet_handler'])).toEqual(['payment_instrument', 'business_schema', 'platform_schema', 'response_schema']);
    expect(handler.$defs['dev.platform.wallet_handler'].business_schema.allOf[0].$ref).toBe(`http://${shop.host}/schemas/ucp/2026-01-23/payment_handler.json#/$defs/business_schema`);
    for (const path of ['/schemas/nothing.json', `${base}/../token.json`, '/schemas/']) expect((await open(path)).status).toBe(404);
  });

  it('links the checkout, its confirmation and the not-found page back to the shop front, which answers on the same host', async () => {
    const cart = await cartOf([{ merchandiseId: variants[9]!.gid, quantity: 1 }]);
    const pages = { checkout: await open(pathOf(cart.checkoutUrl)), confirmation: await pay(cart.checkoutUrl), notFound: await open('/cart/c/nonsense?key=x') };
    const name = shop.shop.name;
    const links = Object.fromEntries(
      Object.entries(pages).map(([page, res]) => {
        const link = /<a class="shop-link" href="([^"]+)">([^<]+)<\/a>/.exec(res.text);
        return [page, { status: res.status, href: link?.[1], text: link?.[2] }];
      }),
    );
    expect(links).toEqual({
      checkout: { status: 200, href: `http://${shop.host}`, text: `Back to ${name}` },
      confirmation: { status: 200, href: `http://${shop.host}`, text: `Continue shopping at ${name}` },
      notFound: { status: 404, href: `http://${shop.host}`, text: `Back to ${name}` },
    });
    const href = new URL(links.checkout!.href!);
    const front = await send(t.app, { url: href.pathname, host: href.host });
    expect([front.status, front.text.includes(`<h1>${name}</h1>`)]).toEqual([200, true]);
  });
});
