import { limitsForPlan } from './limits.js';
import { LoginAttemptLimiter, loginEmailKey, loginIpKey } from './login-limit.js';
import { MemoryBucketStore } from './memory-bucket.store.js';

describe('login limit keys', () => {
  it('hash the email with the shop, so no email is stored in clear and shops do not share buckets', () => {
    const key = loginEmailKey(7, 'buyer@example.com');
    expect(key).toMatch(/^login:email:[\w-]{43}$/);
    expect(key).not.toContain('buyer');
    expect(loginEmailKey(7, 'buyer@example.com')).toBe(key);
    expect(loginEmailKey(8, 'buyer@example.com')).not.toBe(key);
    expect(loginEmailKey(7, 'other@example.com')).not.toBe(key);
  });

  it('give an IPv4 buyer its address, and an IPv4-mapped IPv6 buyer the same one', () => {
    expect(loginIpKey('203.0.113.7')).toBe('login:ip:203.0.113.7');
    expect(loginIpKey('::ffff:203.0.113.7')).toBe('login:ip:203.0.113.7');
    expect(loginIpKey('::ffff:cb00:7107')).toBe('login:ip:203.0.113.7');
  });

  it('give every address of one IPv6 /64 one bucket, whatever its spelling', () => {
    const key = loginIpKey('2001:db8:aa:bb::1');
    expect(key).toBe('login:ip:2001:db8:aa:bb::/64');
    expect(loginIpKey('2001:0db8:00aa:00bb:ffff:1:2:3')).toBe(key);
    expect(loginIpKey('2001:DB8:AA:BB:0:0:0:9')).toBe(key);
    expect(loginIpKey('2001:db8:aa:bc::1')).not.toBe(key);
    expect(loginIpKey('::1')).toBe('login:ip:0:0:0:0::/64');
    expect(loginIpKey('fe80::1%eth0')).toBe('login:ip:fe80:0:0:0::/64');
  });
});

describe('LoginAttemptLimiter', () => {
  const limit = limitsForPlan('standard', { customerLogin: { perEmail: { capacity: 2, leakPerSecond: 1e-6 }, perIp: { capacity: 3, leakPerSecond: 1e-6 } } }).customerLogin;
  let store: MemoryBucketStore;
  let limiter: LoginAttemptLimiter;
  beforeEach(() => {
    store = new MemoryBucketStore({ sweepIntervalMs: 0 });
    limiter = new LoginAttemptLimiter(store, limit);
  });
  afterEach(() => store.close());

  it('refuses an email over its allowance, from any address', async () => {
    expect(await limiter.attempt('e', 'ip1')).toBe(true);
    expect(await limiter.attempt('e', 'ip2')).toBe(true);
    expect(await limiter.attempt('e', 'ip3')).toBe(false);
  });

  it('refuses an address over its allowance, for any email', async () => {
    for (const email of ['a', 'b', 'c']) expect(await limiter.attempt(email, 'ip')).toBe(true);
    expect(await limiter.attempt('d', 'ip')).toBe(false);
    expect(await limiter.attempt('d', 'other ip')).toBe(true);
  });

  it('charges nothing for a refused attempt', async () => {
    await limiter.attempt('e', 'ip');
    await limiter.attempt('e', 'ip');
    // Refused by the email: the address keeps its unit.
    expect(await limiter.attempt('e', 'ip')).toBe(false);
    expect((await store.peek('ip', limit.perIp)).level).toBeCloseTo(2);
    expect(await limiter.attempt('f', 'ip')).toBe(true);
    // Refused by the address: the email is not charged.
    expect(await limiter.attempt('g', 'ip')).toBe(false);
    expect((await store.peek('g', limit.perEmail)).level).toBe(0);
  });

  it('gives an attempt back to both buckets', async () => {
    await limiter.attempt('e', 'ip');
    await limiter.attempt('e', 'ip');
    await limiter.giveBack('e', 'ip');
    expect(await limiter.attempt('e', 'ip')).toBe(true);
    expect((await store.peek('ip', limit.perIp)).level).toBeCloseTo(2);
  });
});

describe('login limit numbers', () => {
  it('default to a handful of attempts per email, then two a minute, and more per address', () => {
    expect(limitsForPlan('standard').customerLogin).toEqual({ perEmail: { capacity: 5, leakPerSecond: 2 / 60 }, perIp: { capacity: 20, leakPerSecond: 10 / 60 } });
    expect(limitsForPlan('plus').customerLogin).toEqual(limitsForPlan('standard').customerLogin);
    expect(limitsForPlan('standard', { customerLogin: { perIp: { capacity: 3 } } }).customerLogin.perIp).toEqual({ capacity: 3, leakPerSecond: 10 / 60 });
  });
});
