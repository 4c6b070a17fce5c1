import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, type Page, chromium } from 'playwright-core';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { VERSION, send, storefrontQuery } from '../../support/http.js';
import { type ReceivedEmail, type SmtpSink, startSmtpSink } from '../../support/smtp-sink.js';

// The hosted account activation page, end to end: the merchant creates a customer with an invite (REST), the
// platform delivers the email to a real SMTP server, and a real browser follows the link, sets the password and
// sees the account active; the storefront then logs the customer in with that password.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LOGIN = `mutation($input: CustomerAccessTokenCreateInput!) {
  customerAccessTokenCreate(input: $input) { customerAccessToken { accessToken } customerUserErrors { code } } }`;

describe('customer account activation page', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let acme: TestShop;
  let beta: TestShop;
  let port: number;
  let browser: Browser;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url });
    acme = await t.createShop('acme');
    beta = await t.createShop('beta');
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    // Shops are found by Host: the browser asks for acme.myplatform.localhost and reaches this server.
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--host-resolver-rules=MAP *.myplatform.localhost 127.0.0.1'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await sink?.close();
  });

  /** A REST call over the socket, so the links the platform hands out carry this server's host and port. */
  function adminPost(shop: TestShop, path: string, body: unknown): Promise<{ status: number; body: any }> {
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/admin/api/${VERSION}/${path}`,
          headers: { host: `${shop.host}:${port}`, 'content-type': 'application/json', 'x-platform-access-token': shop.tokens.adminAccessToken, 'content-length': Buffer.byteLength(payload) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  async function invite(email: string): Promise<{ id: number; link: string; received: ReceivedEmail }> {
    const created = await adminPost(acme, 'customers.json', { customer: { email, first_name: 'Ada', last_name: 'Lovelace', send_email_invite: true } });
    expect(created.status).toBe(201);
    expect(created.body.customer.state).toBe('invited');
    const received = await sink.emailTo(email);
    const link = /(http:\/\/\S+\/account\/activate\/\d+\/[\w-]+)/.exec(received.mail.text ?? '')?.[1];
    expect(link).toBeDefined();
    return { id: created.body.customer.id, link: link!, received };
  }

  async function login(email: string, password: string): Promise<string | null> {
    const res = await storefrontQuery(t.app, acme.host, LOGIN, { 'x-platform-storefront-access-token': acme.tokens.storefrontAccessToken }, { variables: { input: { email, password } } });
    return res.body.data.customerAccessTokenCreate.customerAccessToken?.accessToken ?? null;
  }

  async function openPage(link: string): Promise<{ page: Page; status: number; headers: Record<string, string>; problems: string[] }> {
    const page = await browser.newPage();
    const problems: string[] = [];
    // A page that breaks its own Content-Security-Policy (or anything else) logs an error in the console; the 422
    // and 404 answers the test expects are logged too, and are not problems.
    page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    const response = await page.goto(link);
    return { page, status: response!.status(), headers: response!.headers(), problems };
  }

  it('sends the invite over SMTP, and the link in it sets the password in a browser, once', async () => {
    const { link, received } = await invite('ada@example.com');
    expect(received.mail.subject).toBe('Customer account activation');
    expect(received.mail.text).toContain("You've been invited to create a customer account at Acme.");
    expect(received.mail.html).toContain(`<a href="${link}"`);
    expect(link.startsWith(`http://acme.myplatform.localhost:${port}/account/activate/`)).toBe(true);

    const { page, status, headers, problems } = await openPage(link);
    expect(status).toBe(200);
    expect(headers).toMatchObject({
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'content-security-policy': expect.stringContaining("default-src 'none'"),
    });
    expect(await page.textContent('h1')).toBe('Activate your account');
    expect(await page.textContent('main')).toContain('Acme');
    // The page's one stylesheet applies under its Content-Security-Policy (allowed by its hash).
    expect(await page.evaluate('getComputedStyle(document.querySelector("main")).maxWidth')).toBe('416px');

    // Two different passwords: the form again with the message, and nothing activated.
    await page.fill('#password', 'correct-horse-1');
    await page.fill('#password_confirmation', 'correct-horse-2');
    const mismatch = await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
    expect(mismatch[0]!.status()).toBe(422);
    expect(await page.textContent('[role=alert]')).toMatch(/match/i);
    expect(await login('ada@example.com', 'correct-horse-1')).toBeNull();

    await page.fill('#password', 'correct-horse-1');
    await page.fill('#password_confirmation', 'correct-horse-1');
    const done = await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
    expect({ status: done[0]!.status(), text: await page.textContent('main') }).toEqual({ status: 200, text: expect.stringContaining('Your account is active') });
    expect(await page.textContent('h1')).toBe('Your account is active');
    // Its link to the shop opens the shop front.
    const front = await Promise.all([page.waitForNavigation(), page.click(`text=Continue to ${acme.shop.name}`)]);
    expect([front[0]!.status(), await page.textContent('h1')]).toEqual([200, acme.shop.name]);
    expect(problems).toEqual([]);
    await page.close();

    expect(await login('ada@example.com', 'correct-horse-1')).toEqual(expect.any(String));

    // The link died with its use.
    const again = await openPage(link);
    expect(again.status).toBe(404);
    expect(await again.page.textContent('h1')).toBe('This link has expired');
    await again.page.close();
  });

  // Regression (issue 30, item 8): the activation form was accepted from a page of another site.
  it('refuses the activation form posted from another site or shop with a 403 page, activating nothing; its own page activates', async () => {
    const { link } = await invite('linus@example.com');
    const path = new URL(link).pathname;
    const submit = (headers: Record<string, string>) =>
      send(t.app, { method: 'POST', url: path, host: acme.host, rawBody: 'password=correct-horse-3&password_confirmation=correct-horse-3', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
    const foreign: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: `http://${beta.host}` }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }];
    for (const headers of foreign) {
      const refused = await submit(headers);
      expect({ headers, status: refused.status, type: refused.headers['content-type'] }).toEqual({ headers, status: 403, type: 'text/html; charset=utf-8' });
      expect(refused.text).toContain('<h1>Request refused</h1>');
    }
    expect(await login('linus@example.com', 'correct-horse-3')).toBeNull();
    expect((await send(t.app, { url: path, host: acme.host })).status).toBe(200);
    expect((await submit({ origin: `http://${acme.host}`, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect(await login('linus@example.com', 'correct-horse-3')).toEqual(expect.any(String));
  });

  it('refuses, in a browser, the activation form of a page on another site', async () => {
    const { link } = await invite('hedy@example.com');
    const page = await browser.newPage();
    const forged = `<form method="post" action="${link}"><input name="password" value="taken-over-1"><input name="password_confirmation" value="taken-over-1"><button type="submit">Win</button></form>`;
    await page.route('http://evil.localhost/', (route) => route.fulfill({ contentType: 'text/html', body: forged }));
    await page.goto('http://evil.localhost/');
    const [response] = await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
    expect(response!.status()).toBe(403);
    expect(await page.textContent('h1')).toBe('Request refused');
    await page.close();
    expect(await login('hedy@example.com', 'taken-over-1')).toBeNull();
    // The link is still the customer's.
    expect((await send(t.app, { url: new URL(link).pathname, host: acme.host })).status).toBe(200);
  });

  it('answers hostile links and forms with a page, never a 500, escaping what it echoes', async () => {
    const { id, link } = await invite('grace@example.com');
    const path = new URL(link).pathname;
    const page = (url: string, init: { method?: string; rawBody?: string; headers?: Record<string, string>; host?: string } = {}) =>
      send(t.app, { method: init.method ?? 'GET', url, host: init.host ?? acme.host, rawBody: init.rawBody, headers: init.headers });
    const form = { 'content-type': 'application/x-www-form-urlencoded' };

    // None names a link: a token longer than the router reads (10 kB) included, a 404 page each.
    const urls = [`/account/activate/abc/${'x'.repeat(43)}`, `/account/activate/${id}/${'z'.repeat(10_000)}`, `/account/activate/${id}/%00`, `/account/activate/${id}`, '/account/nothing'];
    for (const url of urls) {
      const res = await page(url);
      expect({ url: url.slice(0, 60), status: res.status }).toEqual({ url: url.slice(0, 60), status: 404 });
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // Another shop's host knows nothing of acme's link.
    const foreign = await page(path, { host: beta.host });
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain('Acme');

    const huge = await page(path, { method: 'POST', headers: form, rawBody: `password=${'a'.repeat(20_000)}` });
    expect(huge.status).toBe(413);
    expect(huge.headers['content-type']).toBe('text/html; charset=utf-8');

    const nul = await page(path, { method: 'POST', headers: form, rawBody: 'password=abc%00def&password_confirmation=abc%00def' });
    expect(nul.status).toBe(422);
    expect(nul.text).toContain('contains a character that is not allowed');

    const twice = await page(path, { method: 'POST', headers: form, rawBody: 'password=a&password=b&password_confirmation=a' });
    expect(twice.status).toBe(422);

    const html = await page(path, { method: 'POST', headers: form, rawBody: `password=${encodeURIComponent('<script>x</script>')}&password_confirmation=other` });
    expect(html.status).toBe(422);
    expect(html.text).not.toContain('<script>x</script>');

    // The link still works after all that.
    expect((await page(path)).status).toBe(200);

    await t.setShopState('acme', 'frozen');
    try {
      const frozen = await page(path);
      expect(frozen.status).toBe(402);
      expect(frozen.text).toContain('This shop is unavailable');
    } finally {
      await t.setShopState('acme', 'active');
    }
  });
});
