import { LRUCache } from 'lru-cache';

/** How long a process may serve a cached shop or market after another process changed it. */
export const READ_CACHE_TTL_MS = 2_000;

/**
 * A short-lived, per-process cache of small rows that every request reads and that rarely change (the
 * shop of a Host, a shop's markets). Writers in this process invalidate at once; other processes see a
 * change within the TTL (docs/decisions.md). Concurrent misses of one key share a single load.
 */
export class ReadThroughCache<K extends {}, V> {
  private readonly entries: LRUCache<K, { value: V }>;
  private readonly loading = new Map<K, Promise<V>>();
  // A load that started before an invalidation must not store what it read.
  private generation = 0;

  constructor(ttlMs = READ_CACHE_TTL_MS, max = 10_000) {
    this.entries = new LRUCache({ max, ttl: ttlMs });
  }

  /** The cached value at once on a hit (no promise: callers on hot paths stay synchronous). */
  get(key: K, load: () => Promise<V>): V | Promise<V> {
    const hit = this.entries.get(key);
    if (hit) return hit.value;
    let pending = this.loading.get(key);
    if (!pending) {
      const generation = this.generation;
      pending = load()
        .then((value) => {
          if (generation === this.generation) this.entries.set(key, { value });
          return value;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  /** Forgets one key, or everything. */
  invalidate(key?: K): void {
    this.generation++;
    this.loading.clear();
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }
}
