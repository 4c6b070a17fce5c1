import type { BucketConfig } from './leaky-bucket.js';

// Every rate-limit number of the platform, in one place. Units: REST = requests, admin GraphQL = cost points,
// storefront = seconds of request time, checkout and variant creation = creations, customer login = attempts.

export type Plan = 'standard' | 'plus';

export interface StorefrontLimit extends BucketConfig {
  /** Seconds reserved up front by every request, and the least a request is ever charged. */
  readonly minimumCharge: number;
}

export interface CheckoutCreationLimit extends BucketConfig {
  readonly perMinute: number;
}

export interface VariantCreationLimit extends BucketConfig {
  /** The limit applies only to shops with at least this many variants. */
  readonly threshold: number;
  readonly perDay: number;
}

/** Customer logins (customerAccessTokenCreate): one bucket per email per shop and one per buyer IP. */
export interface CustomerLoginLimit {
  readonly perEmail: BucketConfig;
  readonly perIp: BucketConfig;
}

export interface PlanLimits {
  readonly rest: BucketConfig;
  readonly adminGraphql: BucketConfig;
  readonly storefront: StorefrontLimit;
  readonly checkoutCreation: CheckoutCreationLimit;
  readonly variantCreation: VariantCreationLimit;
  readonly customerLogin: CustomerLoginLimit;
}

/** Replaces any number; tests use it to shrink buckets, config uses checkoutCreationsPerMinute. */
export interface LimitOverrides {
  rest?: Partial<BucketConfig>;
  adminGraphql?: Partial<BucketConfig>;
  storefront?: Partial<StorefrontLimit>;
  checkoutCreationsPerMinute?: number;
  variantCreation?: Partial<Pick<VariantCreationLimit, 'threshold' | 'perDay'>>;
  customerLogin?: { perEmail?: Partial<BucketConfig>; perIp?: Partial<BucketConfig> };
  /** Bot protection's burst of cart mutations per buyer IP (plus plan; bot-protection.ts). */
  cartMutationBurst?: Partial<BucketConfig>;
}

const PLAN_DEFAULTS: Record<Plan, Pick<PlanLimits, 'rest' | 'adminGraphql' | 'storefront'>> = {
  standard: {
    rest: { capacity: 40, leakPerSecond: 2 },
    adminGraphql: { capacity: 1000, leakPerSecond: 50 },
    storefront: { capacity: 60, leakPerSecond: 1, minimumCharge: 0.5 },
  },
  plus: {
    rest: { capacity: 80, leakPerSecond: 4 },
    adminGraphql: { capacity: 2000, leakPerSecond: 100 },
    storefront: { capacity: 120, leakPerSecond: 1, minimumCharge: 0.5 },
  },
};

const DEFAULT_CHECKOUT_CREATIONS_PER_MINUTE = 30;
const DEFAULT_VARIANT_THRESHOLD = 50_000;
const DEFAULT_VARIANTS_PER_DAY = 1_000;
const SECONDS_PER_DAY = 86_400;
// A buyer who mistypes gets a handful of tries, then a few a minute: one email can be tried 2 × 60 × 24 = 2,880
// times a day instead of as fast as scrypt allows. An address (a household, an office, a mobile carrier's NAT)
// holds many buyers, so it gets more.
const DEFAULT_CUSTOMER_LOGIN: CustomerLoginLimit = {
  perEmail: { capacity: 5, leakPerSecond: 2 / 60 },
  perIp: { capacity: 20, leakPerSecond: 10 / 60 },
};

export function limitsForPlan(plan: Plan, overrides: LimitOverrides = {}): PlanLimits {
  const defaults = PLAN_DEFAULTS[plan];
  return {
    rest: { ...defaults.rest, ...defined(overrides.rest) },
    adminGraphql: { ...defaults.adminGraphql, ...defined(overrides.adminGraphql) },
    storefront: { ...defaults.storefront, ...defined(overrides.storefront) },
    checkoutCreation: perMinute(overrides.checkoutCreationsPerMinute ?? DEFAULT_CHECKOUT_CREATIONS_PER_MINUTE),
    variantCreation: variantsPerDay(
      overrides.variantCreation?.threshold ?? DEFAULT_VARIANT_THRESHOLD,
      overrides.variantCreation?.perDay ?? DEFAULT_VARIANTS_PER_DAY,
    ),
    customerLogin: {
      perEmail: { ...DEFAULT_CUSTOMER_LOGIN.perEmail, ...defined(overrides.customerLogin?.perEmail) },
      perIp: { ...DEFAULT_CUSTOMER_LOGIN.perIp, ...defined(overrides.customerLogin?.perIp) },
    },
  };
}

// "N per minute" as a bucket: N may come at once, then one more every 60/N seconds.
function perMinute(n: number): CheckoutCreationLimit {
  return { perMinute: n, capacity: n, leakPerSecond: n / 60 };
}

function variantsPerDay(threshold: number, perDay: number): VariantCreationLimit {
  return { threshold, perDay, capacity: perDay, leakPerSecond: perDay / SECONDS_PER_DAY };
}

// `{ capacity: undefined }` (e.g. an unset env value) must keep the default, not erase it.
function defined<T extends object>(partial: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(partial ?? {}).filter(([, value]) => value !== undefined)) as Partial<T>;
}
