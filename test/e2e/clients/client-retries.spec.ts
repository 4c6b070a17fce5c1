import type { AddressInfo } from 'node:net';
import { VERSION, adminQuery, send } from '../../support/http.js';
import { type SnippetDir, docSnippets, snippetDir } from '../../support/doc-snippets.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';

// docs/clients.md's throttle story on small buckets, so a burst overflows them in a few seconds of real time: the
// clients, through the doc's fetch, wait each Retry-After and every call of a burst succeeds in the end.
describe("the hosted platform's clients on a full bucket", () => {
  let t: TestApp;
  let acme: TestShop;
  let dir: SnippetDir;
  let env: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ DEFAULT_SHOP: 'acme', REDIS_URL: undefined }, { rest: { capacity: 10, leakPerSecond: 10 }, adminGraphql: { capacity: 4, leakPerSecond: 2 } });
    acme = await t.createShop('acme');
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    dir = await snippetDir(docSnippets('docs/clients.md'), { 'localhost:3000': `localhost:${port}` });
    env = { ADMIN_TOKEN: acme.tokens.adminAccessToken, STOREFRONT_TOKEN: acme.tokens.storefrontAccessToken };
  });
  afterAll(async () => {
    await dir?.close();
    await t?.close();
  });

  it('a REST burst of 50 on a 10-call bucket: every call answered 200 once its Retry-After has passed', async () => {
    const started = Date.now();
    expect(await dir.run('burst.mjs', env)).toEqual(['[]']);
    // 10 at once, then 10 a second: four waves of one second each, at least.
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_000);
  }, 60_000);

  it('sends Retry-After in whole seconds on the 429 and on GraphQL THROTTLED', async () => {
    const shop = () => send(t.app, { url: `/admin/api/${VERSION}/shop.json`, host: acme.host, headers: { 'x-platform-access-token': acme.tokens.adminAccessToken } });
    let refused = await shop();
    while (refused.status === 200) refused = await shop();
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1.0');

    const query = () => adminQuery(t.app, acme.host, acme.tokens.adminAccessToken, '{ shop { name } customersCount { count } }');
    let throttled = await query();
    while (!throttled.body.errors) throttled = await query();
    expect(throttled.body.errors[0].extensions.code).toBe('THROTTLED');
    expect(throttled.headers['retry-after']).toMatch(/^[12]\.0$/);
  });

  it("admin GraphQL: five clients at once on a 4-point bucket all get their data (THROTTLED is HTTP 200 with Retry-After)", async () => {
    const outs = await Promise.all(Array.from({ length: 5 }, () => dir.run('admin-graphql.mjs', env)));
    for (const [line] of outs) expect(JSON.parse(line!).data).toEqual({ shop: { name: 'Acme' }, customersCount: { count: 0 } });
  }, 60_000);
});
