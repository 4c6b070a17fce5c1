import { randomBytes } from 'node:crypto';
import { expandScopes } from '@platform/auth';
import { DomainError } from '@platform/errors';
import { createLogger } from '@platform/logging';
import type { RequestContext } from '@platform/request';
import { type BucketStore, MemoryBucketStore, RedisBucketStore, ThrottleService } from '@platform/throttling';

// Checkout creation and variant creation limits at the service level (their routes arrive with the
// cart and admin catalog issues), against both stores.
function context(buyerIp: string, shopId = 1): RequestContext {
  return {
    requestId: 'r',
    surface: 'storefront',
    version: '2026-10',
    shop: { id: shopId, handle: 's', name: 'S', domain: 's.test', plan: 'standard', state: 'active', currency: 'USD', enabledCountries: [], enabledLanguages: [] },
    caller: { kind: 'tokenless', scopes: expandScopes([]) },
    buyerIp,
    origin: 'http://s.test',
    em: undefined as never,
  };
}

describe.each([
  ['redis', () => new RedisBucketStore({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', keyPrefix: `test:limits:${randomBytes(4).toString('hex')}:` })],
  ['memory', () => new MemoryBucketStore({ sweepIntervalMs: 0 })],
])('creation limits on the %s store', (_name, makeStore) => {
  let store: BucketStore;
  let throttle: ThrottleService;

  beforeAll(() => {
    store = makeStore();
    throttle = new ThrottleService(
      store,
      { checkoutCreationsPerMinute: 3, variantCreation: { threshold: 50_000, perDay: 10 } },
      createLogger('silent'),
    );
  });
  afterAll(() => store.close());

  it('allows N checkout creations a minute per buyer IP, then THROTTLED', async () => {
    for (let i = 0; i < 3; i++) await throttle.checkoutCreation(context('198.51.100.1'));
    const refused = await throttle.checkoutCreation(context('198.51.100.1')).catch((e) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ kind: 'THROTTLED' });
    await expect(throttle.checkoutCreation(context('198.51.100.2'))).resolves.toBeUndefined();
  });

  it('takes cart mutations from the buyer IP\'s burst bucket for bot protection', async () => {
    const burst = { capacity: 2, leakPerSecond: 0.001 };
    await expect(throttle.cartMutations(context('198.51.100.9'), burst, 2)).resolves.toBe(true);
    await expect(throttle.cartMutations(context('198.51.100.9'), burst, 1)).resolves.toBe(false);
    await expect(throttle.cartMutations(context('198.51.100.10'), burst, 1)).resolves.toBe(true);
  });

  it('does not limit variant creation below 50,000 variants', async () => {
    await expect(throttle.reserveVariantCreation(context('x'), 49_999, 500)).resolves.toBe(0);
  });

  it('limits shops at 50,000 variants to the daily allowance, with a message saying so', async () => {
    const ctx = context('x', 2);
    await expect(throttle.reserveVariantCreation(ctx, 50_000, 6)).resolves.toBe(6);
    const refused = await throttle.reserveVariantCreation(ctx, 50_006, 5).catch((e) => e);
    expect(refused).toMatchObject({ kind: 'THROTTLED', message: expect.stringMatching(/50,000 or more variants can create at most 10 new variants per day/) });
    await throttle.releaseVariantCreation(ctx, 6);
    await expect(throttle.reserveVariantCreation(ctx, 50_000, 10)).resolves.toBe(10);
  });
});

describe('variant creation when the store is unreachable', () => {
  it('fails closed with THROTTLED', async () => {
    const store = new RedisBucketStore({ url: 'redis://127.0.0.1:6390', keyPrefix: 'x:', timeoutMs: 300 });
    const throttle = new ThrottleService(store, {}, createLogger('silent'));
    try {
      await expect(throttle.reserveVariantCreation(context('x'), 60_000, 1)).rejects.toMatchObject({ kind: 'THROTTLED' });
      // Request-rate limits fail open instead.
      await expect(throttle.checkoutCreation(context('198.51.100.1'))).resolves.toBeUndefined();
      await expect(throttle.cartMutations(context('198.51.100.1'), { capacity: 1, leakPerSecond: 1 }, 1)).resolves.toBe(true);
    } finally {
      await store.close();
    }
  });
});
