import { type Clock, systemClock } from '@platform/clock';
import type { BucketStore } from './bucket-store.js';
import {
  adjust,
  msUntilEmpty,
  peek,
  refund,
  tryTake,
  type BucketConfig,
  type BucketOutcome,
  type BucketResult,
  type BucketState,
} from './leaky-bucket.js';

export interface MemoryBucketStoreOptions {
  /** The time buckets leak by: the system's unless given (the app's CLOCK; tests move a ManualClock). */
  clock?: Clock;
  /** How often idle (drained) buckets are deleted; 0 turns the timer off (lazy deletion on access still happens). */
  sweepIntervalMs?: number;
}

interface Entry {
  state: BucketState;
  // When the bucket will be empty; from then on the entry carries no information and can go.
  emptyAtMs: number;
}

/** In-process buckets for a single instance (no REDIS_URL) and for tests. Never unavailable. */
export class MemoryBucketStore implements BucketStore {
  private readonly entries = new Map<string, Entry>();
  private readonly clock: Clock;
  private readonly timer?: NodeJS.Timeout;

  constructor(options: MemoryBucketStoreOptions = {}) {
    this.clock = options.clock ?? systemClock;
    const sweepIntervalMs = options.sweepIntervalMs ?? 60_000;
    if (sweepIntervalMs > 0) {
      // unref: the sweep must never keep the process (or jest) alive.
      this.timer = setInterval(() => this.sweep(), sweepIntervalMs);
      this.timer.unref();
    }
  }

  async take(key: string, cfg: BucketConfig, amount: number): Promise<BucketResult> {
    return this.apply(key, tryTake(this.read(key), cfg, amount, this.clock.now()), cfg);
  }

  async refund(key: string, cfg: BucketConfig, amount: number): Promise<BucketResult> {
    return this.apply(key, refund(this.read(key), cfg, amount, this.clock.now()), cfg);
  }

  async adjust(key: string, cfg: BucketConfig, delta: number): Promise<BucketResult> {
    return this.apply(key, adjust(this.read(key), cfg, delta, this.clock.now()), cfg);
  }

  async peek(key: string, cfg: BucketConfig, amount = 0): Promise<BucketResult> {
    return withoutState(peek(this.read(key), cfg, amount, this.clock.now()));
  }

  /** Deletes every drained bucket; returns how many went. */
  sweep(): number {
    const now = this.clock.now();
    let removed = 0;
    for (const [key, entry] of this.entries) {
      if (entry.emptyAtMs <= now) {
        this.entries.delete(key);
        removed++;
      }
    }
    return removed;
  }

  /** Buckets currently remembered (drained ones count until swept or touched). */
  get size(): number {
    return this.entries.size;
  }

  async ready(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.entries.clear();
  }

  private read(key: string): BucketState | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.emptyAtMs <= this.clock.now()) {
      this.entries.delete(key); // lazy expiry, like a Redis key whose PEXPIRE passed
      return undefined;
    }
    return entry?.state;
  }

  private apply(key: string, outcome: BucketOutcome, cfg: BucketConfig): BucketResult {
    const { state } = outcome;
    if (state.level > 0) this.entries.set(key, { state, emptyAtMs: state.updatedAtMs + msUntilEmpty(state.level, cfg) });
    else this.entries.delete(key);
    return withoutState(outcome);
  }
}

function withoutState({ state: _state, ...result }: BucketOutcome): BucketResult {
  return result;
}
