import type { AddressInfo } from 'node:net';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { VERSION } from '../../support/http.js';
import { deepJsonList, deepSelection, fragmentBomb, nestedConnections } from '../../../libs/platform/graphql/testing/hostile-documents.js';

// The process stays available under hostile traffic: refusals are cheap, work is bounded, the event loop
// keeps turning, so /healthz answers and the server closes in time. Over a real socket, as clients connect.
describe('availability under hostile requests', () => {
  let t: TestApp;
  let shop: TestShop;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({}, { storefront: { capacity: 1_000_000, leakPerSecond: 100_000 } });
    // fetch cannot set Host: the loopback address serves DEFAULT_SHOP, `demo`.
    shop = await t.seedShop('demo', { products: 40 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    // Connected to Postgres and Redis before the attack starts.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  }, 60_000);
  afterAll(() => t.close());

  // Ten clients, each sending a different hostile body in a loop; every document is new (a changing comment),
  // so no refusal is served from a cache.
  function hostileBody(client: number, round: number): string {
    const salt = ` # ${client}-${round}`;
    switch (client % 5) {
      case 0:
        return JSON.stringify({ query: fragmentBomb(30) + salt });
      case 1:
        return JSON.stringify({ query: deepSelection(30_000) + salt });
      case 2:
        return JSON.stringify({ query: nestedConnections(8) + salt });
      case 3:
        return `{"query":"query($l: [String]) { shop { name } }${salt}","variables":{"l":${deepJsonList(100_000)}}}`;
      default:
        // Admitted, and the most a tokenless request may ask for.
        return JSON.stringify({ query: `{ products(first: 200) { nodes { title variants(first: 3) { nodes { price { amount } } } } } }${salt}` });
    }
  }

  async function hostileClient(client: number, until: number, statuses: number[], slowest: number[]): Promise<void> {
    for (let round = 0; Date.now() < until; round++) {
      const started = performance.now();
      const res = await fetch(`${base}/api/${VERSION}/graphql.json`, {
        method: 'POST',
        headers: { 'x-platform-storefront-access-token': shop.tokens.storefrontAccessToken },
        body: hostileBody(client, round),
      });
      await res.text();
      statuses.push(res.status);
      slowest[client] = Math.max(slowest[client] ?? 0, performance.now() - started);
    }
  }

  it('keeps /healthz answering while ten hostile clients send requests, and answers each of them in bounded time', async () => {
    const until = Date.now() + 3_000;
    const statuses: number[] = [];
    const slowest: number[] = [];
    const clients = Array.from({ length: 10 }, (_, client) => hostileClient(client, until, statuses, slowest));
    const health: number[] = [];
    while (Date.now() < until) {
      const started = performance.now();
      const res = await fetch(`${base}/healthz`);
      expect(res.status).toBe(200);
      await res.json();
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.all(clients);
    expect(health.length).toBeGreaterThan(10);
    expect(Math.max(...health)).toBeLessThan(1_000);
    expect(statuses.length).toBeGreaterThan(20);
    expect([...new Set(statuses)].sort()).toEqual([200, 400]);
    expect(Math.max(...slowest)).toBeLessThan(2_000);
  }, 30_000);
});
