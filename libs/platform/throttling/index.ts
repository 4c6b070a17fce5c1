export {
  LEVEL_EPSILON,
  adjust,
  assertValidAdjust,
  assertValidConfig,
  assertValidRefund,
  assertValidTake,
  drain,
  emptyState,
  formatCallLimit,
  formatRetryAfter,
  msUntilEmpty,
  peek,
  refund,
  tryTake,
  type BucketConfig,
  type BucketOutcome,
  type BucketResult,
  type BucketState,
} from './leaky-bucket.js';
export { BucketStoreUnavailableError, type BucketStore } from './bucket-store.js';
export { MemoryBucketStore, type MemoryBucketStoreOptions } from './memory-bucket.store.js';
export { RedisBucketStore, type RedisBucketStoreOptions } from './redis-bucket.store.js';
export { LEAKY_BUCKET_LUA } from './leaky-bucket.lua.js';
export {
  limitsForPlan,
  type CheckoutCreationLimit,
  type CustomerLoginLimit,
  type LimitOverrides,
  type Plan,
  type PlanLimits,
  type StorefrontLimit,
  type VariantCreationLimit,
} from './limits.js';
export {
  VariantCreationLimiter,
  variantLimitApplies,
  variantLimitMessage,
  type VariantCreationDecision,
} from './resource-limit.js';
export { LOGIN_LIMIT_MESSAGE, LoginAttemptLimiter, loginEmailKey, loginIpKey } from './login-limit.js';
export { AdminCostHook, COST_DOCUMENTATION_URL, SINGLE_QUERY_MAX_COST } from './admin-cost.hook.js';
export { BotProtectionHook, CART_BURST_MESSAGE, MISSING_BUYER_IP_MESSAGE } from './bot-protection.hook.js';
export { DEFAULT_CART_MUTATION_BURST } from './bot-protection.rules.js';
export { CALL_LIMIT_HEADER, MAX_REST_PAGE_OFFSET, ThrottleService } from './throttle.service.js';
export { RestThrottleStep, StorefrontThrottleStep } from './throttle.steps.js';
export { ThrottleModule } from './throttle.module.js';
