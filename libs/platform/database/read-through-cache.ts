import { LRUCache } from 'lru-cache';
import { type Clock, systemClock } from '@platform/clock';

/** How long a process may serve a cached shop, market or credential after another process changed it. */
export const READ_CACHE_TTL_MS = 2_000;

/** Estimated bytes each of a cache's two LRUs (found, absent) may hold. */
export const READ_CACHE_BYTES = 8 * 1024 * 1024;
const ENTRY_OVERHEAD_BYTES = 128;
// A value's size is estimated from its JSON once, when it is stored (on a miss, after a database read).
const MAX_VALUE_ESTIMATE_BYTES = 64 * 1024;

/**
 * A short-lived, per-process cache of small rows that every request reads and that rarely change (the
 * shop of a Host, a shop's markets, the caller behind a token). Writers in this process invalidate at
 * once; other processes see a change within the TTL (docs/decisions.md). Concurrent misses of one key
 * share a single load.
 *
 * "Nothing there" answers (null) are cached too, in their own LRU of the same bound: a flood of unknown
 * keys (random Hosts, wrong tokens) costs a lookup per new key but cannot evict the known ones.
 */
export class ReadThroughCache<K extends {}, V> {
  private readonly found: LRUCache<K, { value: V }>;
  private readonly absent: LRUCache<K, { value: V }>;
  private readonly loading = new Map<K, Promise<V>>();
  // A load that started before an invalidation must not store what it read.
  private generation = 0;

  /** `clock` decides when entries expire (the process' clock: tests move it). */
  constructor(ttlMs = READ_CACHE_TTL_MS, maxBytes = READ_CACHE_BYTES, clock: Clock = systemClock) {
    // Bounded by estimated bytes, not entries: keys come from the client (a Host header can be 16 KB). The clock is
    // read at every look (no ttlResolution), so a moved clock expires entries at once.
    this.found = new LRUCache<K, { value: V }>({ maxSize: maxBytes, sizeCalculation: estimatedBytes, ttl: ttlMs, ttlResolution: 0, perf: clock });
    this.absent = new LRUCache<K, { value: V }>({ maxSize: maxBytes, sizeCalculation: estimatedBytes, ttl: ttlMs, ttlResolution: 0, perf: clock });
  }

  /** The cached value at once on a hit (no promise: callers on hot paths stay synchronous). */
  get(key: K, load: () => Promise<V>): V | Promise<V> {
    const hit = this.found.get(key) ?? this.absent.get(key);
    if (hit) return hit.value;
    let pending = this.loading.get(key);
    if (!pending) {
      const generation = this.generation;
      pending = load()
        .then((value) => {
          if (generation === this.generation) (value === null || value === undefined ? this.absent : this.found).set(key, { value });
          return value;
        })
        .finally(() => {
          if (this.loading.get(key) === pending) this.loading.delete(key);
        });
      this.loading.set(key, pending);
    }
    return pending;
  }

  /** Forgets one key, or everything. */
  invalidate(key?: K): void {
    this.generation++;
    this.loading.clear();
    if (key === undefined) {
      this.found.clear();
      this.absent.clear();
    } else {
      this.found.delete(key);
      this.absent.delete(key);
    }
  }
}

function estimatedBytes(entry: { value: unknown }, key: unknown): number {
  const keyBytes = typeof key === 'string' ? key.length * 2 : 16;
  if (entry.value === null || entry.value === undefined) return ENTRY_OVERHEAD_BYTES + keyBytes;
  const json = JSON.stringify(entry.value) ?? '';
  return ENTRY_OVERHEAD_BYTES + keyBytes + Math.min(json.length * 2, MAX_VALUE_ESTIMATE_BYTES);
}
