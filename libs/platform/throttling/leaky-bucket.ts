// The leaky-bucket arithmetic, shared by every store. Pure: time is always a parameter, nothing here does I/O.
// The Redis store runs the same rules in Lua (leaky-bucket.lua.ts); keep the two in step.

/** A bucket's shape: it holds up to `capacity` units and empties at `leakPerSecond` units per second. */
export interface BucketConfig {
  readonly capacity: number;
  readonly leakPerSecond: number;
}

/** What a store remembers per key: the level as of `updatedAtMs` (the level later is derived, never stored). */
export interface BucketState {
  readonly level: number;
  readonly updatedAtMs: number;
}

/** The answer every store operation gives. */
export interface BucketResult {
  /** take/peek: whether `amount` fits (take charged it). refund/adjust: always true, they are never refused. */
  readonly allowed: boolean;
  /** Units in the bucket after the operation, 0..capacity. */
  readonly level: number;
  readonly capacity: number;
  /** capacity − level. */
  readonly available: number;
  /** When not allowed: seconds until `amount` fits. Otherwise 0. */
  readonly retryAfterSeconds: number;
}

/** A pure operation's answer: the result plus the state to store. */
export interface BucketOutcome extends BucketResult {
  readonly state: BucketState;
}

// Float leak arithmetic (e.g. 40 − 2 × 0.3 s) must not turn an exact fit into a miss.
export const LEVEL_EPSILON = 1e-9;

export function emptyState(nowMs: number): BucketState {
  return { level: 0, updatedAtMs: nowMs };
}

/** The state at `nowMs` after leaking. A clock that went backwards leaks nothing rather than filling the bucket. */
export function drain(state: BucketState | undefined, cfg: BucketConfig, nowMs: number): BucketState {
  if (!state) return emptyState(nowMs);
  const elapsedMs = Math.max(0, nowMs - state.updatedAtMs);
  const level = Math.max(0, state.level - (cfg.leakPerSecond * elapsedMs) / 1000);
  return { level, updatedAtMs: Math.max(state.updatedAtMs, nowMs) };
}

/** Charges `amount` only if all of it fits; a refused take charges nothing. */
export function tryTake(state: BucketState | undefined, cfg: BucketConfig, amount: number, nowMs: number): BucketOutcome {
  assertValidTake(cfg, amount);
  const drained = drain(state, cfg, nowMs);
  if (!fits(drained.level, cfg, amount)) return outcome(drained, cfg, false, secondsUntilFits(drained.level, cfg, amount));
  return outcome({ ...drained, level: Math.min(cfg.capacity, drained.level + amount) }, cfg, true, 0);
}

/** What `tryTake(amount)` would answer now, without charging. */
export function peek(state: BucketState | undefined, cfg: BucketConfig, amount: number, nowMs: number): BucketOutcome {
  assertValidTake(cfg, amount);
  const drained = drain(state, cfg, nowMs);
  const allowed = fits(drained.level, cfg, amount);
  return outcome(drained, cfg, allowed, allowed ? 0 : secondsUntilFits(drained.level, cfg, amount));
}

/** Gives back `amount` (e.g. GraphQL requested − actual cost). The level never goes below 0. */
export function refund(state: BucketState | undefined, cfg: BucketConfig, amount: number, nowMs: number): BucketOutcome {
  assertValidRefund(cfg, amount);
  return adjust(state, cfg, -amount, nowMs);
}

/**
 * Settles a reservation after the fact (storefront: charge − reserved), never refused.
 * Positive deltas saturate at capacity: the work already happened, so refusing makes no sense, but one slow
 * request (possibly slow because of us) must not lock a buyer out for longer than a full bucket takes to drain,
 * and `used/size` headers must never read above size.
 */
export function adjust(state: BucketState | undefined, cfg: BucketConfig, delta: number, nowMs: number): BucketOutcome {
  assertValidAdjust(cfg, delta);
  const drained = drain(state, cfg, nowMs);
  const level = Math.min(cfg.capacity, Math.max(0, drained.level + delta));
  return outcome({ ...drained, level }, cfg, true, 0);
}

/** How long until the bucket is empty; stores use it as the key's time to live. */
export function msUntilEmpty(level: number, cfg: BucketConfig): number {
  return Math.ceil((level / cfg.leakPerSecond) * 1000);
}

export function assertValidConfig(cfg: BucketConfig): void {
  if (!(cfg.capacity > 0) || !Number.isFinite(cfg.capacity)) throw new RangeError(`capacity must be > 0, got ${cfg.capacity}`);
  if (!(cfg.leakPerSecond > 0) || !Number.isFinite(cfg.leakPerSecond)) {
    throw new RangeError(`leakPerSecond must be > 0, got ${cfg.leakPerSecond}`);
  }
}

// An amount above capacity could never fit: that is the caller's bug (GraphQL must answer MAX_COST_EXCEEDED first),
// not a throttle, so it throws instead of returning an infinite Retry-After.
export function assertValidTake(cfg: BucketConfig, amount: number): void {
  assertValidConfig(cfg);
  if (!(amount >= 0) || amount > cfg.capacity) {
    throw new RangeError(`amount must be between 0 and capacity ${cfg.capacity}, got ${amount}`);
  }
}

export function assertValidRefund(cfg: BucketConfig, amount: number): void {
  assertValidConfig(cfg);
  if (!(amount >= 0) || !Number.isFinite(amount)) throw new RangeError(`refund amount must be a finite number >= 0, got ${amount}`);
}

export function assertValidAdjust(cfg: BucketConfig, delta: number): void {
  assertValidConfig(cfg);
  if (!Number.isFinite(delta)) throw new RangeError(`adjust delta must be finite, got ${delta}`);
}

/**
 * Retry-After header value: whole seconds, rounded up and at least 1, written as the hosted platform writes them
 * (`1.0`, `2.0`). A client that obeys it is not refused again, and integer parsers read it right (`0.5` read as 0
 * retried at once and was refused again).
 */
export function formatRetryAfter(seconds: number): string {
  return `${Math.max(1, Math.ceil(seconds - LEVEL_EPSILON))}.0`;
}

/** `<used>/<size>` call-limit header; used is the level rounded up, as clients expect whole requests. */
export function formatCallLimit(result: Pick<BucketResult, 'level' | 'capacity'>): string {
  return `${Math.ceil(result.level - LEVEL_EPSILON)}/${result.capacity}`;
}

function fits(level: number, cfg: BucketConfig, amount: number): boolean {
  return level + amount <= cfg.capacity + LEVEL_EPSILON;
}

function secondsUntilFits(level: number, cfg: BucketConfig, amount: number): number {
  return (level + amount - cfg.capacity) / cfg.leakPerSecond;
}

function outcome(state: BucketState, cfg: BucketConfig, allowed: boolean, retryAfterSeconds: number): BucketOutcome {
  return {
    allowed,
    level: state.level,
    capacity: cfg.capacity,
    available: Math.max(0, cfg.capacity - state.level),
    retryAfterSeconds,
    state,
  };
}
