import { systemClock } from '@platform/clock';
import { Redis } from 'ioredis';
import { expandScopes } from '@platform/auth';
import { CustomerAccountsService } from '@platform/customers';
import { DomainError } from '@platform/errors';
import { createLogger } from '@platform/logging';
import type { RequestContext } from '@platform/request';
import { LOGIN_LIMIT_MESSAGE, MemoryBucketStore, RedisBucketStore, ThrottleService } from '@platform/throttling';
import { REDIS_URL, deleteKeysWithPrefix, uniquePrefix } from './redis-support.js';

// The login limit at the service level: what it stores, and that a refused login never reaches the
// customer lookup or the password check.
const LIMITS = { customerLogin: { perEmail: { capacity: 2, leakPerSecond: 0.001 }, perIp: { capacity: 100, leakPerSecond: 0.001 } } };

// An EntityManager that fails the test if anything touches it: the refused login must not look anyone up.
const untouchable = new Proxy({}, {
  get(_target, property) {
    throw new Error(`the database was used (em.${String(property)})`);
  },
}) as never;

function context(buyerIp: string, shopId = 1): RequestContext {
  return {
    requestId: 'r',
    surface: 'storefront',
    version: '2026-10',
    shop: { id: shopId, handle: 's', name: 'S', domain: 's.test', plan: 'standard', state: 'active', currency: 'USD', enabledCountries: [], enabledLanguages: [] },
    caller: { kind: 'tokenless', scopes: expandScopes([]) },
    buyerIp,
    origin: 'http://s.test',
    em: untouchable,
  };
}

describe('customer login limit (service level)', () => {
  it('refuses before looking the customer up or checking the password', async () => {
    const store = new MemoryBucketStore({ sweepIntervalMs: 0 });
    const throttle = new ThrottleService(store, LIMITS, createLogger('silent'));
    const accounts = new CustomerAccountsService(throttle, systemClock);
    try {
      for (let i = 0; i < 2; i++) await throttle.customerLoginAttempt(context('198.51.100.1'), 'buyer@example.com');
      const refused = await accounts.logIn(context('198.51.100.2'), ' Buyer@Example.com ', 'the-right-password').catch((e) => e);
      expect(refused).toBeInstanceOf(DomainError);
      expect(refused).toMatchObject({ kind: 'THROTTLED', message: LOGIN_LIMIT_MESSAGE });
    } finally {
      await store.close();
    }
  });

  it('keeps no email in clear in Redis', async () => {
    const redis = new Redis(REDIS_URL);
    const prefix = uniquePrefix('login');
    const store = new RedisBucketStore({ client: redis, keyPrefix: prefix });
    const throttle = new ThrottleService(store, LIMITS, createLogger('silent'));
    try {
      await throttle.customerLoginAttempt(context('203.0.113.9', 42), 'someone.secret@example.com');
      const keys = await redis.keys(`${prefix}*`);
      expect(keys).toHaveLength(2);
      expect(keys.join(' ')).not.toMatch(/someone|secret|example/);
      expect(keys).toEqual(expect.arrayContaining([`${prefix}login:ip:203.0.113.9`, expect.stringMatching(/login:email:[\w-]{43}$/)]));
    } finally {
      await deleteKeysWithPrefix(redis, prefix);
      await store.close();
      redis.disconnect();
    }
  });

  it('fails closed when the store is unreachable, without looking anyone up', async () => {
    const store = new RedisBucketStore({ url: 'redis://127.0.0.1:6390', keyPrefix: 'x:', timeoutMs: 300 });
    const throttle = new ThrottleService(store, {}, createLogger('silent'));
    const accounts = new CustomerAccountsService(throttle, systemClock);
    try {
      await expect(accounts.logIn(context('198.51.100.1'), 'buyer@example.com', 'secret-1')).rejects.toMatchObject({ kind: 'THROTTLED' });
    } finally {
      await store.close();
    }
  });
});
