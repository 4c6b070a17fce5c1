import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { DomainError } from '@platform/errors';
import { LOGGER, type Logger } from '@platform/logging';
import { appIdOf } from '@platform/auth';
import { PlatformMetrics } from '@platform/metrics';
import type { RequestContext } from '@platform/request';
import { BucketStoreUnavailableError, type BucketStore } from './bucket-store.js';
import { type BucketConfig, type BucketResult, formatCallLimit, formatRetryAfter } from './leaky-bucket.js';
import { type LimitOverrides, type Plan, type PlanLimits, limitsForPlan } from './limits.js';
import { LOGIN_LIMIT_MESSAGE, LoginAttemptLimiter, loginEmailKey, loginIpKey } from './login-limit.js';
import { type VariantCreationDecision, VariantCreationLimiter } from './resource-limit.js';

export const BUCKET_STORE = Symbol('BUCKET_STORE');
export const LIMIT_OVERRIDES = Symbol('LIMIT_OVERRIDES');

export const CALL_LIMIT_HEADER = 'X-Platform-Shop-Api-Call-Limit';
/** REST page offsets beyond this (page × limit) are refused. */
export const MAX_REST_PAGE_OFFSET = 100_000;

const OUTAGE_LOG_INTERVAL_MS = 10_000;

/**
 * Every rate limit of the platform over one BucketStore. Request-rate limits fail open when the store is
 * unreachable (serving unthrottled beats refusing every buyer); the variant creation and customer login
 * limits fail closed (they protect the database and customers' accounts, and both can wait). See docs/decisions.md.
 */
@Injectable()
export class ThrottleService {
  private readonly limitsByPlan = new Map<Plan, PlanLimits>();
  private readonly variantLimiters = new Map<Plan, VariantCreationLimiter>();
  private readonly loginLimiters = new Map<Plan, LoginAttemptLimiter>();
  private lastOutageLog = 0;

  constructor(
    @Inject(BUCKET_STORE) private readonly store: BucketStore,
    @Inject(LIMIT_OVERRIDES) private readonly overrides: LimitOverrides,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
    @Optional() private readonly metrics?: PlatformMetrics,
  ) {}

  /** The process' clock, as the in-process buckets read it. */
  now(): number {
    return this.clock.now();
  }

  limits(ctx: RequestContext): PlanLimits {
    let limits = this.limitsByPlan.get(ctx.shop.plan);
    if (!limits) {
      limits = limitsForPlan(ctx.shop.plan, this.overrides);
      this.limitsByPlan.set(ctx.shop.plan, limits);
    }
    return limits;
  }

  /** Admin REST: one request from the app's bucket; returns the call-limit header value. */
  async restRequest(ctx: RequestContext): Promise<string | undefined> {
    const cfg = this.limits(ctx).rest;
    const result = await this.failOpen(() => this.store.take(`rest:${ctx.shop.id}:${appKey(ctx)}`, cfg, 1));
    if (!result) return undefined;
    const header = formatCallLimit(result);
    if (!result.allowed) {
      this.metrics?.throttled('rest');
      throw new DomainError(
        'THROTTLED',
        `Exceeded ${cfg.leakPerSecond} calls per second for api client. Reduce request rates to resume uninterrupted service.`,
        { headers: { 'Retry-After': formatRetryAfter(result.retryAfterSeconds), [CALL_LIMIT_HEADER]: header } },
      );
    }
    return header;
  }

  /** Storefront: reserves the minimum request time up front; returns the seconds reserved. */
  async reserveStorefront(ctx: RequestContext): Promise<number> {
    const cfg = this.limits(ctx).storefront;
    const result = await this.failOpen(() => this.store.take(storefrontKey(ctx), cfg, cfg.minimumCharge));
    if (!result) return 0;
    if (!result.allowed) {
      this.metrics?.throttled('storefront');
      throw throttled({ 'Retry-After': formatRetryAfter(result.retryAfterSeconds) });
    }
    return cfg.minimumCharge;
  }

  /** Storefront: after the response, charges what the request really took (at least the minimum). */
  async settleStorefront(ctx: RequestContext, reservedSeconds: number, elapsedSeconds: number): Promise<void> {
    if (reservedSeconds === 0) return;
    const cfg = this.limits(ctx).storefront;
    const delta = Math.max(cfg.minimumCharge, elapsedSeconds) - reservedSeconds;
    if (delta > 0) await this.failOpen(() => this.store.adjust(storefrontKey(ctx), cfg, delta));
  }

  /** Admin GraphQL: the requested cost must fit before execution; null when the store is unreachable. */
  async takeAdminCost(ctx: RequestContext, requested: number): Promise<BucketResult | null> {
    const cfg = this.limits(ctx).adminGraphql;
    const result = await this.failOpen(() => this.store.take(adminKey(ctx), cfg, requested));
    if (result && !result.allowed) this.metrics?.throttled('admin_graphql');
    return result;
  }

  /**
   * Admin GraphQL, after execution: gives back `amount` of the cost `reservation` took without waiting for the store.
   * The refund is sent before the response (on the store's one connection, so the app's next request is charged after
   * it), and the bucket reported is the reservation's plus the refund and what leaked since: one round trip sooner.
   */
  refundAdminCost(ctx: RequestContext, reservation: { bucket: BucketResult; at: number }, amount: number): BucketResult {
    const cfg = this.limits(ctx).adminGraphql;
    if (amount > 0) {
      this.failOpen(() => this.store.refund(adminKey(ctx), cfg, amount)).catch((err: unknown) => this.logger.error({ err }, 'admin cost refund failed'));
    }
    const leaked = ((this.now() - reservation.at) / 1000) * cfg.leakPerSecond;
    const level = Math.max(0, reservation.bucket.level - amount - leaked);
    return { allowed: true, level, capacity: reservation.bucket.capacity, available: reservation.bucket.capacity - level, retryAfterSeconds: 0 };
  }

  /** Checkout creation: N per minute per buyer IP; over it THROTTLED (HTTP 200 on the storefront). */
  async checkoutCreation(ctx: RequestContext): Promise<void> {
    const cfg = this.limits(ctx).checkoutCreation;
    const result = await this.failOpen(() => this.store.take(`checkout:${ctx.buyerIp}`, cfg, 1));
    if (result && !result.allowed) {
      this.metrics?.throttled('checkout');
      throw throttled({ 'Retry-After': formatRetryAfter(result.retryAfterSeconds) });
    }
  }

  /**
   * Bot protection: `count` cart mutations from the buyer IP's burst bucket; false when over it. Fails open (true)
   * when the store is unreachable, like the other request limits.
   */
  async cartMutations(ctx: RequestContext, config: BucketConfig, count: number): Promise<boolean> {
    const result = await this.failOpen(() => this.store.take(`bot:cart:${ctx.buyerIp}`, config, count));
    if (result && !result.allowed) this.metrics?.throttled('bot_protection');
    return result?.allowed ?? true;
  }

  /**
   * Resource-based limit: shops at 50,000 variants create at most 1,000 more a day. Returns what was
   * charged (give it back with releaseVariantCreation if the creation fails); refuses with THROTTLED.
   */
  async reserveVariantCreation(ctx: RequestContext, currentVariantCount: number, toCreate: number): Promise<number> {
    let decision: VariantCreationDecision;
    try {
      decision = await this.variantLimiter(ctx).reserve(`variants:${ctx.shop.id}`, currentVariantCount, toCreate);
    } catch (error) {
      if (!(error instanceof BucketStoreUnavailableError)) throw error;
      this.reportOutage(error);
      throw new DomainError('THROTTLED', 'Variant creation is temporarily unavailable; retry shortly.', { headers: { 'Retry-After': '1.0' } });
    }
    if (!decision.allowed) {
      this.metrics?.throttled('variant_creation');
      const headers: Record<string, string> = decision.retryAfterSeconds === null ? {} : { 'Retry-After': formatRetryAfter(decision.retryAfterSeconds) };
      throw new DomainError('THROTTLED', decision.message, { headers });
    }
    return decision.charged;
  }

  async releaseVariantCreation(ctx: RequestContext, charged: number): Promise<void> {
    await this.failOpen(() => this.variantLimiter(ctx).release(`variants:${ctx.shop.id}`, charged));
  }

  /**
   * Customer login: one attempt from the email's bucket on this shop and from the buyer IP's bucket, before
   * the password is checked; refused → THROTTLED with the hosted platform's message, whether the email exists
   * or not. `normalizedEmail` is trimmed and lower-case. Fails closed when the store is unreachable.
   */
  async customerLoginAttempt(ctx: RequestContext, normalizedEmail: string): Promise<void> {
    let allowed: boolean;
    try {
      allowed = await this.loginLimiter(ctx).attempt(loginEmailKey(ctx.shop.id, normalizedEmail), loginIpKey(ctx.buyerIp));
    } catch (error) {
      if (!(error instanceof BucketStoreUnavailableError)) throw error;
      this.reportOutage(error);
      throw new DomainError('THROTTLED', 'Login is temporarily unavailable. Please try again later.');
    }
    if (!allowed) {
      this.metrics?.throttled('login');
      throw new DomainError('THROTTLED', LOGIN_LIMIT_MESSAGE);
    }
  }

  /** A login that succeeded gives its attempt back: only failures use up the allowance. */
  async customerLoginSucceeded(ctx: RequestContext, normalizedEmail: string): Promise<void> {
    await this.failOpen(() => this.loginLimiter(ctx).giveBack(loginEmailKey(ctx.shop.id, normalizedEmail), loginIpKey(ctx.buyerIp)));
  }

  private loginLimiter(ctx: RequestContext): LoginAttemptLimiter {
    let limiter = this.loginLimiters.get(ctx.shop.plan);
    if (!limiter) {
      limiter = new LoginAttemptLimiter(this.store, this.limits(ctx).customerLogin);
      this.loginLimiters.set(ctx.shop.plan, limiter);
    }
    return limiter;
  }

  private variantLimiter(ctx: RequestContext): VariantCreationLimiter {
    let limiter = this.variantLimiters.get(ctx.shop.plan);
    if (!limiter) {
      limiter = new VariantCreationLimiter(this.store, this.limits(ctx).variantCreation);
      this.variantLimiters.set(ctx.shop.plan, limiter);
    }
    return limiter;
  }

  private async failOpen<T>(call: () => Promise<T>): Promise<T | null> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof BucketStoreUnavailableError)) throw error;
      this.reportOutage(error);
      return null;
    }
  }

  private reportOutage(error: unknown): void {
    const now = Date.now();
    if (now - this.lastOutageLog < OUTAGE_LOG_INTERVAL_MS) return;
    this.lastOutageLog = now;
    this.logger.warn({ err: error }, 'throttle store unreachable: request-rate limits fail open, variant creation and customer logins fail closed');
  }
}

function throttled(headers: Record<string, string>): DomainError {
  return new DomainError('THROTTLED', 'Throttled', { headers });
}

function appKey(ctx: RequestContext): string {
  return String(appIdOf(ctx.caller) ?? ctx.caller.kind);
}

// The storefront limit follows the buyer IP (per app), not the shop.
function storefrontKey(ctx: RequestContext): string {
  return `sf:${appKey(ctx)}:${ctx.buyerIp}`;
}

function adminKey(ctx: RequestContext): string {
  return `gql:${ctx.shop.id}:${appKey(ctx)}`;
}

