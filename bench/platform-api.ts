import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { PlatformConfig } from '@platform/config';
import type { Logger } from '@platform/logging';
import type { LimitOverrides } from '@platform/throttling';
import { createApiApp } from '../apps/api/create-api-app.js';

// The platform's HTTP application, built as `npm start` builds it. The servers under load keep the plan's
// own storefront limits (`plan`: their requests come from many buyers); counting statements in process sends every
// request from one address, so it raises them out of the way (`raised`).
const UNLIMITED = { capacity: 1e9, leakPerSecond: 1e9 };
const RAISED: LimitOverrides = { rest: UNLIMITED, adminGraphql: UNLIMITED, storefront: UNLIMITED, checkoutCreationsPerMinute: 1e9, cartMutationBurst: UNLIMITED };
// Admin buckets are per app and shop: one app's load (scenario 6) fills a plan's 80 requests or 2,000 points within a
// second. Their buckets are still checked on every request (the same Redis call), only never full. Checkout creation
// likewise: scenario 4 measures cart writes, not the per-IP checkout bucket (still taken from on every cartCreate).
const PLAN: LimitOverrides = { rest: UNLIMITED, adminGraphql: UNLIMITED, checkoutCreationsPerMinute: 1e9 };

export function createBenchApi(config: PlatformConfig, logger: Logger, throttling: boolean, limits: 'raised' | 'plan'): Promise<NestFastifyApplication> {
  return createApiApp({ config, databaseUrl: config.databaseUrl!, logger, limits: limits === 'raised' ? RAISED : PLAN, throttling, redisPrefix: `bench-${process.pid}` });
}
