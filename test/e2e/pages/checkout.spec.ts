import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { type Browser, chromium } from 'playwright-core';
import { Decimal } from '@platform/money';
import { VERSION, adminQuery, send } from '../../support/http.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';

// The hosted checkout in a real browser: a cart made through the storefront API (over the socket, so its
// checkoutUrl carries this server's host and port), opened, filled and paid in Chromium; then the order and its
// ledger charge are found through the admin APIs.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CREATE = `mutation($input: CartInput) { cartCreate(input: $input) { cart { checkoutUrl cost { totalAmount { amount currencyCode } } } userErrors { code message } } }`;

describe('hosted checkout in a browser', () => {
  let t: TestApp;
  let shop: TestShop;
  let port: number;
  let browser: Browser;
  let variants: { gid: string; price: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    shop = await t.seedShop('shopper', { products: 4, seed: 5 });
    const db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    const { rows } = await db.query(
      `select v.id, v.price::text from product_variants v join products p on p.id = v.product_id
        where v.shop_id = $1 and v.available_for_sale and p.status = 'active' and p.published_at <= now() order by v.id limit 2`,
      [shop.shop.id],
    );
    await db.end();
    variants = rows.map((r) => ({ gid: `gid://platform/ProductVariant/${r.id}`, price: r.price }));
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    // Shops are found by Host: the browser asks for shopper.myplatform.localhost and reaches this server.
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--host-resolver-rules=MAP *.myplatform.localhost 127.0.0.1'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** A storefront call over the socket, with the shop's host and this server's port. */
  function storefront(query: string, variables: Record<string, unknown>): Promise<any> {
    const payload = JSON.stringify({ query, variables });
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/api/${VERSION}/graphql.json`,
          headers: { host: `${shop.host}:${port}`, 'content-type': 'application/json', 'x-platform-storefront-access-token': shop.tokens.storefrontAccessToken, 'content-length': Buffer.byteLength(payload) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve(JSON.parse(text)));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  it('opens checkoutUrl, pays with the test wallet, and the order and its charge are on the admin APIs', async () => {
    const [a, b] = variants;
    const created = await storefront(CREATE, { input: { lines: [{ merchandiseId: a!.gid, quantity: 2 }, { merchandiseId: b!.gid, quantity: 1 }] } });
    expect(created.data.cartCreate.userErrors).toEqual([]);
    const { checkoutUrl, cost } = created.data.cartCreate.cart;
    const total = new Decimal(a!.price).times(2).plus(b!.price).toFixed(2);
    expect(cost.totalAmount).toEqual({ amount: total, currencyCode: 'USD' });
    expect(checkoutUrl.startsWith(`http://${shop.host}:${port}/cart/c/`)).toBe(true);

    const page = await browser.newPage();
    const problems: string[] = [];
    // A page that breaks its Content-Security-Policy logs an error; the 422 the test provokes is not a problem.
    page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    const opened = await page.goto(checkoutUrl);
    expect(opened!.status()).toBe(200);
    expect(await page.textContent('h1')).toBe('Checkout');
    expect(await page.textContent('#total')).toBe(`${total} USD`);
    expect(await page.locator('tr.line').count()).toBe(2);
    expect(await page.evaluate('getComputedStyle(document.querySelector("main")).maxWidth')).toBe('416px');

    // The way back to the shop: its front, on the same host, with its products' pictures loaded under the page's CSP.
    const front = await Promise.all([page.waitForNavigation(), page.click(`text=Back to ${shop.shop.name}`)]);
    expect([front[0]!.status(), page.url()]).toEqual([200, `http://${shop.host}:${port}/`]);
    expect(await page.textContent('h1')).toBe(shop.shop.name);
    expect(await page.locator('li.product').count()).toBeGreaterThan(0);
    expect(await page.evaluate('document.images.length > 0 && [...document.images].every((i) => i.complete && i.naturalWidth > 0)')).toBe(true);
    await page.goto(checkoutUrl);

    await page.fill('#email', 'browser@example.com');
    await page.fill('#first_name', 'Grace');
    await page.fill('#last_name', 'Hopper');
    await page.fill('#address1', '1 Harbor Way');
    await page.fill('#city', 'Arlington');
    await page.selectOption('#country', 'US');
    // A malformed token first: the page again with the message, values kept, nothing paid.
    await page.fill('#wallet_token', 'not a token');
    const refused = await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
    expect(refused[0]!.status()).toBe(422);
    expect(await page.textContent('[role=alert]')).toContain('Wallet token must look like tok_test_approved');
    expect(await page.inputValue('#city')).toBe('Arlington');

    await page.fill('#wallet_token', 'tok_test_approved');
    const paid = await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
    expect(paid[0]!.status()).toBe(200);
    expect(await page.textContent('h1')).toBe('Thank you for your order');
    const name = await page.textContent('#order-name');
    expect(name).toBe('#1001');
    expect(await page.textContent('#order-total')).toBe(`${total} USD`);
    // Back to the checkout URL: the confirmation, not a second payment.
    await page.goto(checkoutUrl);
    expect(await page.textContent('#order-name')).toBe('#1001');
    expect(problems).toEqual([]);
    await page.close();

    const admin = await adminQuery(t.app, shop.host, shop.tokens.adminAccessToken, `{ orders(first: 1, query: "name:#1001") { nodes { id name email displayFinancialStatus totalPriceSet { shopMoney { amount currencyCode } } } } }`);
    const order = admin.body.data.orders.nodes[0];
    expect(order).toMatchObject({ name: '#1001', email: 'browser@example.com', displayFinancialStatus: 'PAID', totalPriceSet: { shopMoney: { amount: total, currencyCode: 'USD' } } });
    const orderId = Number(order.id.split('/').pop());
    const ledger = await send(t.app, { url: `/admin/api/${VERSION}/platform_payments/balance/transactions.json`, host: shop.host, headers: { 'x-platform-access-token': shop.tokens.adminAccessToken } });
    const charges = ledger.body.transactions.filter((x: any) => x.source_order_id === orderId);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ type: 'charge', amount: total, currency: 'USD', test: true });
    expect(new Decimal(charges[0].amount).minus(charges[0].fee).toFixed(2)).toBe(charges[0].net);
  });
});
