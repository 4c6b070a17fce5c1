import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { PlatformConfig } from '@platform/config';
import type { Logger } from '@platform/logging';
import type { LimitOverrides } from '@platform/throttling';
import { createApiApp } from '../apps/api/create-api-app.js';

// The platform's HTTP application, built as `npm start` builds it. The servers under load keep the plan's
// own limits (`plan`: their requests come from many buyers); counting statements in process sends every
// request from one address, so it raises them out of the way (`raised`).
const RAISED: LimitOverrides = {
  rest: { capacity: 1e9, leakPerSecond: 1e9 },
  adminGraphql: { capacity: 1e9, leakPerSecond: 1e9 },
  storefront: { capacity: 1e9, leakPerSecond: 1e9 },
  checkoutCreationsPerMinute: 1e9,
};

export function createBenchApi(config: PlatformConfig, logger: Logger, throttling: boolean, limits: 'raised' | 'plan'): Promise<NestFastifyApplication> {
  return createApiApp({ config, databaseUrl: config.databaseUrl!, logger, limits: limits === 'raised' ? RAISED : undefined, throttling, redisPrefix: `bench-${process.pid}` });
}
