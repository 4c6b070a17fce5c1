import { ManualClock } from '@platform/clock';
import { ReadThroughCache } from './read-through-cache.js';

describe('ReadThroughCache', () => {
  it('loads on a miss and answers a hit synchronously, without calling the loader again', async () => {
    const cache = new ReadThroughCache<string, number>();
    let loads = 0;
    const load = async () => ++loads;
    await expect(cache.get('a', load)).resolves.toBe(1);
    expect(cache.get('a', load)).toBe(1);
    expect(loads).toBe(1);
  });

  it('caches a null answer too (an unknown Host is not a query per request)', async () => {
    const cache = new ReadThroughCache<string, number | null>();
    let loads = 0;
    await cache.get('unknown', async () => (loads++, null));
    expect(cache.get('unknown', async () => (loads++, null))).toBeNull();
    expect(loads).toBe(1);
  });

  it('keeps null answers apart, so a flood of unknown keys cannot evict a known one', async () => {
    // Room for three short entries per LRU (about 150 estimated bytes each).
    const cache = new ReadThroughCache<string, string | null>(60_000, 450);
    await cache.get('known', async () => 'value');
    for (let i = 0; i < 10; i++) await cache.get(`unknown-${i}`, async () => null);
    expect(cache.get('known', async () => 'reloaded')).toBe('value');
    // The unknown keys themselves stay bounded by the same size.
    let loads = 0;
    await cache.get('unknown-0', async () => (loads++, null));
    expect(loads).toBe(1);
  });

  it('bounds what it keeps by bytes, so long keys from clients cannot grow it', async () => {
    const cache = new ReadThroughCache<string, string | null>(60_000, 64 * 1024);
    const hosts = Array.from({ length: 100 }, (_, i) => `${i}-${'h'.repeat(16_000)}.example`);
    for (const host of hosts) await cache.get(host, async () => null);
    let reloaded = 0;
    for (const host of hosts) await cache.get(host, async () => (reloaded++, null));
    // 64 KiB holds at most two 32 KB keys: nearly every host was evicted and loaded again.
    expect(reloaded).toBeGreaterThanOrEqual(98);
  });

  it('shares one load between concurrent misses of a key', async () => {
    const cache = new ReadThroughCache<string, number>();
    let loads = 0;
    // The first load is still running (the test holds it) when the other misses come.
    let finish!: (value: number) => void;
    const load = () => {
      loads++;
      return new Promise<number>((resolve) => (finish = resolve));
    };
    const answers = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(loads).toBe(1);
    finish(7);
    await expect(answers).resolves.toEqual([7, 7, 7]);
    expect(loads).toBe(1);
  });

  it('forgets a key, or everything, when a writer invalidates', async () => {
    const cache = new ReadThroughCache<string, string>();
    await cache.get('a', async () => 'old a');
    await cache.get('b', async () => 'old b');
    cache.invalidate('a');
    await expect(cache.get('a', async () => 'new a')).resolves.toBe('new a');
    expect(cache.get('b', async () => 'new b')).toBe('old b');
    cache.invalidate();
    await expect(cache.get('b', async () => 'new b')).resolves.toBe('new b');
  });

  it('does not store what a load read before an invalidation', async () => {
    const cache = new ReadThroughCache<string, string>();
    let finish!: (value: string) => void;
    const stale = cache.get('k', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.invalidate('k');
    finish('read before the write');
    await expect(stale).resolves.toBe('read before the write');
    await expect(cache.get('k', async () => 'read after the write')).resolves.toBe('read after the write');
  });

  it('keeps the load that started after an invalidation when an older load of the key ends', async () => {
    const cache = new ReadThroughCache<string, string>();
    let finishOld!: (value: string) => void;
    const old = cache.get('k', () => new Promise<string>((resolve) => (finishOld = resolve)));
    cache.invalidate('k');
    let loads = 0;
    let finishNew!: (value: string) => void;
    const fresh = cache.get('k', () => (loads++, new Promise<string>((resolve) => (finishNew = resolve))));
    finishOld('old');
    await old;
    // A concurrent reader still joins the newer load instead of starting a third one.
    const joined = cache.get('k', async () => (loads++, 'third'));
    finishNew('new');
    await expect(Promise.all([fresh, joined])).resolves.toEqual(['new', 'new']);
    expect(loads).toBe(1);
  });

  it('expires entries after the TTL, on its clock', async () => {
    const clock = new ManualClock();
    const cache = new ReadThroughCache<string, number>(20, undefined, clock);
    let loads = 0;
    await cache.get('k', async () => ++loads);
    clock.advance(20);
    expect(cache.get('k', async () => ++loads)).toBe(1);
    clock.advance(1);
    await expect(cache.get('k', async () => ++loads)).resolves.toBe(2);
  });
});
