import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { type Browser, type BrowserContext, type Page, type Request, chromium } from 'playwright-core';
import { VERSION, send } from '../../support/http.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';

// GET /graphiql: GraphiQL bundled with the platform, driven in Chromium with every request that does not go to this
// server refused, so the page, its bundle and Monaco's workers must all come from the platform itself.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEFERRED = 'query Deferred { shop { name } products(first: 1) { nodes { handle ... @defer(label: "prices") { priceRange { minVariantPrice { currencyCode } } } } } }';

describe('GraphiQL', () => {
  let t: TestApp;
  let shop: TestShop;
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await t.seedShop('graphiql', { products: 2, seed: 3 });
    await t.app.listen(0, '127.0.0.1');
    origin = `http://${shop.host}:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--host-resolver-rules=MAP *.myplatform.localhost 127.0.0.1'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** A page in a fresh context whose requests elsewhere than this server are refused and recorded. */
  async function offlinePage(): Promise<{ page: Page; context: BrowserContext; requests: Request[]; refused: string[] }> {
    const context = await browser.newContext();
    const refused: string[] = [];
    const requests: Request[] = [];
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${origin}/`)) return route.continue();
      refused.push(url);
      return route.abort('internetdisconnected');
    });
    const page = await context.newPage();
    page.on('request', (request) => requests.push(request));

    return { page, context, requests, refused };
  }

  async function typeQuery(page: Page, query: string): Promise<void> {
    await page.locator('.graphiql-query-editor .monaco-editor').first().click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    // Inserted whole: typed key by key, the editor would close brackets itself.
    await page.keyboard.insertText(query);
  }

  /** Runs the editor's query, named `operation`, and answers its POST (not GraphiQL's own schema reads). */
  async function run(page: Page, endpoint: string, operation: string): Promise<Request> {
    const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url() === `${origin}${endpoint}` && (r.postData() ?? '').includes(`query ${operation} `));
    await page.locator('.graphiql-execute-button').click();
    return posted;
  }

  async function resultText(page: Page, expected: string): Promise<string> {
    const response = page.locator('.graphiql-response .view-lines');
    await response.filter({ hasText: expected }).waitFor({ timeout: 15_000 });
    return (await response.innerText()).replace(/\u00a0/g, ' ');
  }

  it('serves the page and its bundle from the platform: storefront, a picked version, a typed query with @defer, its result', async () => {
    const { page, context, requests, refused } = await offlinePage();
    const opened = await page.goto(`${origin}/graphiql`);
    expect(opened!.status()).toBe(200);
    expect(opened!.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('.graphiql-query-editor .monaco-editor').first().waitFor();

    await page.getByLabel('API').selectOption('storefront');
    await page.getByLabel('Version').selectOption('unstable');
    // The address names the surface and version (a link can open them), nothing else.
    expect(new URL(page.url()).search).toBe('?surface=storefront&version=unstable');

    await typeQuery(page, DEFERRED);
    const post = await run(page, '/api/unstable/graphql.json', 'Deferred');
    expect(post.headers()['x-platform-storefront-access-token']).toBeUndefined();
    const text = await resultText(page, 'currencyCode');
    // The deferred part arrived and was merged into the first.
    expect(text).toContain(`"name": "${shop.shop.name}"`);
    expect(text).toContain('"currencyCode": "USD"');

    // The doc explorer reads the schema the page fetched.
    await page.getByRole('button', { name: /documentation explorer/i }).click();
    await page.locator('.graphiql-doc-explorer').getByText('Query', { exact: true }).first().waitFor();

    expect(refused).toEqual([]);
    // Monaco's workers came from the platform too.
    expect(requests.filter((r) => r.url().startsWith(`${origin}/graphiql/assets/`) && r.url().includes('.worker-')).length).toBeGreaterThan(0);
    await context.close();
  }, 60_000);

  it('sends the admin token typed into the page as its header, and never puts it in an address', async () => {
    const { page, context, requests, refused } = await offlinePage();
    await page.goto(`${origin}/graphiql?surface=storefront&version=${VERSION}`);
    await page.locator('.graphiql-query-editor .monaco-editor').first().waitFor();
    await page.getByLabel('API').selectOption('admin');
    const token = shop.tokens.adminAccessToken;
    await page.getByLabel('Access token').fill(token);
    await page.getByLabel('Access token').press('Enter');

    await typeQuery(page, 'query AdminShop { shop { name } }');
    const post = await run(page, `/admin/api/${VERSION}/graphql.json`, 'AdminShop');
    expect(post.headers()['x-platform-access-token']).toBe(token);
    expect(await resultText(page, shop.shop.name)).toContain(`"name": "${shop.shop.name}"`);

    expect(page.url()).not.toContain(token);
    expect(new URL(page.url()).search).toBe(`?surface=admin&version=${VERSION}`);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))).not.toContain(token);
    for (const request of requests) {
      expect(request.url()).not.toContain(token);
      expect(request.postData() ?? '').not.toContain(token);
      const carries = Object.values(request.headers()).some((value) => value.includes(token));
      // Only the GraphQL POSTs of the admin endpoint carry it (the query and the schema read with the token).
      if (carries) expect([request.method(), request.url()]).toEqual(['POST', `${origin}/admin/api/${VERSION}/graphql.json`]);
    }
    expect(refused).toEqual([]);
    await context.close();
  }, 60_000);

  it('serves the bundle as immutable files, and only its own names', async () => {
    const page = await send(t.app, { url: '/graphiql', host: shop.host });
    const script = /<script type="module" src="(\/graphiql\/assets\/[^"]+)"/.exec(page.text)![1]!;
    const asset = await send(t.app, { url: script, host: shop.host });
    expect(asset.status).toBe(200);
    expect(asset.headers).toMatchObject({ 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable' });
    for (const url of ['/graphiql/assets/manifest.json', '/graphiql/assets/..%2F..%2Fpackage.json', '/graphiql/assets/nothing.js']) {
      expect((await send(t.app, { url, host: shop.host })).status).toBe(404);
    }
    // The page says nothing of any other host.
    expect(page.text).not.toMatch(/https?:\/\//);
  });

  it('sends the bundle compressed as the browser accepts it (codings in any case), brotli first, and as it is to a client that names none', async () => {
    const page = await send(t.app, { url: '/graphiql', host: shop.host });
    const script = /<script type="module" src="(\/graphiql\/assets\/[^"]+)"/.exec(page.text)![1]!;
    const fetchAs = (acceptEncoding?: string) =>
      t.app.inject({ method: 'GET', url: script, headers: { host: shop.host, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) } });
    const plain = await fetchAs();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const br = await fetchAs('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gz = await fetchAs('gzip;q=1, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    // Content codings are case-insensitive (RFC 9110 8.4.1).
    expect((await fetchAs('GZIP, BR')).headers['content-encoding']).toBe('br');
    expect((await fetchAs('identity')).headers['content-encoding']).toBeUndefined();
    expect((await fetchAs('compress, *;q=0')).headers['content-encoding']).toBeUndefined();
  });

  it('answers GET on a GraphQL endpoint 405 with Allow: POST, naming GraphiQL on that surface and version', async () => {
    for (const [url, surface] of [[`/api/${VERSION}/graphql.json`, 'storefront'], [`/admin/api/${VERSION}/graphql.json`, 'admin']] as const) {
      const res = await send(t.app, { url, host: shop.host });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('POST');
      expect(res.body.errors).toContain(`http://${shop.host}/graphiql?surface=${surface}&version=${VERSION}`);
    }
  });

  it('is not served with GRAPHIQL=false, and the 405 names it no more', async () => {
    const off = await createTestApp({ GRAPHIQL: 'false' });
    try {
      const other = await off.createShop('no-graphiql');
      expect((await send(off.app, { url: '/graphiql', host: other.host })).status).toBe(404);
      const res = await send(off.app, { url: `/api/${VERSION}/graphql.json`, host: other.host });
      expect([res.status, res.headers.allow, res.body]).toEqual([405, 'POST', { errors: 'Method Not Allowed' }]);
    } finally {
      await off.close();
    }
  }, 60_000);
});
