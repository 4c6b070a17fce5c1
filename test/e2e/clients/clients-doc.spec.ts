import type { AddressInfo } from 'node:net';
import { DemoShopService, demoTokens } from '@platform/seed';
import { VERSION, send, storefrontQuery } from '../../support/http.js';
import { type SnippetDir, docSnippets, snippetDir } from '../../support/doc-snippets.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// docs/clients.md as a reader runs it: every snippet taken from the doc and run with node against a listening
// platform serving the demo shop at localhost, through the hosted platform's own npm clients.
describe('docs/clients.md against the demo shop', () => {
  let t: TestApp;
  let dir: SnippetDir;
  const snippets = docSnippets('docs/clients.md');
  const tokens = demoTokens();
  const env = { STOREFRONT_TOKEN: tokens.storefrontAccessToken, ADMIN_TOKEN: tokens.adminAccessToken };
  const json = async (file: string) => (await dir.run(file, env)).map((line) => JSON.parse(line));

  beforeAll(async () => {
    t = await createTestApp({ DEFAULT_SHOP: 'demo' });
    await t.app.get(DemoShopService).ensureDemoShop();
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    dir = await snippetDir(snippets, { 'localhost:3000': `localhost:${port}` });
  }, 120_000);
  afterAll(async () => {
    await dir?.close();
    await t?.close();
  });

  it('has a snippet for each client, the fetch they share and the burst', () => {
    expect([...snippets.keys()]).toEqual([
      'platform-fetch.mjs', 'graphql-client.mjs', 'storefront.mjs', 'storefront-defer.mjs', 'admin-graphql.mjs', 'admin-rest.mjs', 'shopify-api-rest.mjs', 'burst.mjs',
    ]);
  });

  it('@shopify/graphql-client: our URL and header, nothing else', async () => {
    const [out] = await json('graphql-client.mjs');
    expect(out.shop).toEqual({ name: 'Demo Shop' });
    expect(out.productTags.nodes.length).toBeGreaterThan(0);
  });

  it('@shopify/storefront-api-client: the fetch renames the token header and speaks http', async () => {
    const [out] = await json('storefront.mjs');
    const direct = await storefrontQuery(t.app, 'localhost', '{ products(first: 2) { nodes { handle } } productTags(first: 3) { nodes } }', {
      'x-platform-storefront-access-token': tokens.storefrontAccessToken,
    });
    expect(out).toEqual(direct.body.data);
    expect(out.productTags.nodes.length).toBeGreaterThan(0); // only a token may read tags
  });

  it('@defer through requestStream: the first part without the deferred fields, then with them', async () => {
    const parts = await json('storefront-defer.mjs');
    expect(parts.length).toBeGreaterThanOrEqual(2);
    const [first, last] = [parts[0], parts.at(-1)];
    expect(first.hasNext).toBe(true);
    expect(first.data.shop).toEqual({ name: 'Demo Shop' });
    expect(first.data.products.nodes).toHaveLength(2);
    expect(first.data.products.nodes[0].priceRange).toBeUndefined();
    expect(last.hasNext).toBe(false);
    for (const node of last.data.products.nodes) expect(node.priceRange.minVariantPrice.amount).toMatch(/^\d+\.\d+$/);
  });

  it('@shopify/admin-api-client GraphQL: the admin token under our name, the cost in extensions', async () => {
    const [out] = await json('admin-graphql.mjs');
    expect(out).toEqual({ data: { shop: { name: 'Demo Shop' }, customersCount: { count: 60 } }, cost: expect.any(Number) });
  });

  it('@shopify/admin-api-client REST: every customer by following Link', async () => {
    const [out] = await json('admin-rest.mjs');
    const count = await send(t.app, { url: `/admin/api/${VERSION}/customers/count.json`, host: 'localhost', headers: { 'x-platform-access-token': tokens.adminAccessToken } });
    expect(out.customers).toBe(count.body.count);
    expect(out.customers).toBe(60);
    expect(out.first).toBe(1);
  });

  it("@shopify/shopify-api REST: a hand-made Session, the library's fetch, pageInfo.nextPage", async () => {
    const [out] = await json('shopify-api-rest.mjs');
    expect(out).toEqual({ customers: 60 });
  });
});
