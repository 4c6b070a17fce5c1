import { ManualClock } from '@platform/clock';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';
import { VERSION, send, storefrontQuery } from '../../support/http.js';

// A 2-second bucket: four requests (0.5 s minimum each) fill it. The app's clock is one the test moves, so a request
// takes no time by it (each is charged the minimum, however slow the machine) and nothing leaks out between two.
describe('storefront time-based limit', () => {
  let t: TestApp;
  let acme: TestShop;
  const clock = new ManualClock();

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' }, { storefront: { capacity: 2, leakPerSecond: 0.01 } }, { clock });
    acme = await t.createShop('acme');
  });
  afterAll(() => t.close());

  const fromIp = (ip: string, headers: Record<string, string> = {}) =>
    storefrontQuery(t.app, acme.host, '{ shop { name } }', { 'x-forwarded-for': ip, ...headers });

  it('throttles a buyer IP after its bucket fills, with THROTTLED and HTTP 200', async () => {
    for (let i = 0; i < 4; i++) expect((await fromIp('198.51.100.1')).body.data).toEqual({ shop: { name: 'Acme' } });
    const refused = await fromIp('198.51.100.1');
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({ errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }] });
    expect(refused.headers['retry-after']).toBe('50.0'); // the 0.5 s minimum at 0.01 s a second
  });

  it('lets the buyer in again once the minimum has leaked out, and not a moment before', async () => {
    clock.advance(49_999);
    expect((await fromIp('198.51.100.1')).body.errors[0].extensions.code).toBe('THROTTLED');
    clock.advance(1);
    expect((await fromIp('198.51.100.1')).body.data).toEqual({ shop: { name: 'Acme' } });
    expect((await fromIp('198.51.100.1')).body.errors[0].extensions.code).toBe('THROTTLED');
  });

  it('does not throttle another buyer IP', async () => {
    expect((await fromIp('198.51.100.2')).body.data).toEqual({ shop: { name: 'Acme' } });
  });

  it('gives a private token one bucket per Platform-Storefront-Buyer-IP', async () => {
    const privateFor = (buyerIp: string) =>
      fromIp('192.0.2.200', { 'platform-storefront-private-token': acme.tokens.storefrontPrivateToken, 'platform-storefront-buyer-ip': buyerIp });
    for (let i = 0; i < 4; i++) expect((await privateFor('203.0.113.10')).body.data).toBeDefined();
    expect((await privateFor('203.0.113.10')).body.errors[0].extensions.code).toBe('THROTTLED');
    // Same server address, another buyer: a bucket of its own.
    expect((await privateFor('203.0.113.11')).body.data).toEqual({ shop: { name: 'Acme' } });
  });

  it('keeps tokenless and token buckets of one IP apart (per app per IP)', async () => {
    const withToken = await fromIp('198.51.100.1', { 'x-platform-storefront-access-token': acme.tokens.storefrontAccessToken });
    expect(withToken.body.data).toEqual({ shop: { name: 'Acme' } });
  });

  it('never answers a throttled request with a 5xx', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 10; i++) statuses.add((await fromIp('198.51.100.9')).status);
    expect([...statuses]).toEqual([200]);
  });

  it('charges at least the 0.5 s minimum per request: exactly four fit in two seconds', async () => {
    let allowed = 0;
    for (let i = 0; i < 6; i++) if ((await fromIp('198.51.100.3')).body.data) allowed++;
    expect(allowed).toBe(4);
  });

  it('answers 400, not a throttle, for a body it cannot read', async () => {
    const res = await send(t.app, { method: 'POST', url: `/api/${VERSION}/graphql.json`, host: acme.host, headers: { 'x-forwarded-for': '198.51.100.77' }, body: {} });
    expect(res.status).toBe(400);
  });
});
