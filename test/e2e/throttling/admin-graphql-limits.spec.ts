import { ManualClock } from '@platform/clock';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { adminQuery } from '../../support/http.js';

describe('admin GraphQL cost bucket over HTTP', () => {
  let t: TestApp;
  let acme: TestShop;

  // The in-process bucket on a clock the test moves: no point comes back between requests unless the test says so.
  const clock = new ManualClock();

  beforeAll(async () => {
    // { shop { name } } costs 1: a 3-point bucket restoring 5 points a second drains in three requests.
    t = await createTestApp({ REDIS_URL: undefined }, { adminGraphql: { capacity: 3, leakPerSecond: 5 } }, { clock });
    acme = await t.createShop('acme');
  });
  afterAll(() => t.close());

  const shopName = () => adminQuery(t.app, acme.host, acme.tokens.adminAccessToken, '{ shop { name } }');

  it('reports extensions.cost on every response and drains the bucket', async () => {
    const first = await shopName();
    expect(first.body.extensions.cost).toMatchObject({ requestedQueryCost: 1, actualQueryCost: 1, throttleStatus: { maximumAvailable: 3, restoreRate: 5 } });
    await shopName();
    await shopName();
    const refused = await shopName();
    expect(refused.status).toBe(200);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors[0]).toMatchObject({ message: 'Throttled', extensions: { code: 'THROTTLED' } });
    expect(refused.body.extensions.cost).toMatchObject({ requestedQueryCost: 1, actualQueryCost: null });
    expect(refused.headers['retry-after']).toBe('1.0'); // one point at 5 a second, in whole seconds
  });

  it('restores at the configured rate', async () => {
    clock.advance(199); // 5/s: not yet a whole point back
    expect((await shopName()).body.errors[0]).toMatchObject({ extensions: { code: 'THROTTLED' } });
    clock.advance(201); // two points back
    const res = await shopName();
    expect(res.body.data).toEqual({ shop: { name: 'Acme' } });
    expect(res.body.extensions.cost.throttleStatus.currentlyAvailable).toBe(1);
  });
});
