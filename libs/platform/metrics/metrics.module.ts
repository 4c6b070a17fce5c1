import { Global, Module } from '@nestjs/common';
import { PLATFORM_CONFIG, type PlatformConfig } from '@platform/config';
import { SqlPool } from '@platform/database';
import { JOB_QUEUE, type JobQueue } from '@platform/queue';
import { MetricsRoute } from './metrics.route.js';
import { PlatformMetrics, metricsEnabled } from './platform-metrics.js';

/** The process' metrics: global, so every part that reports (throttling, GraphQL) finds the one recorder. */
@Global()
@Module({
  providers: [
    {
      provide: PlatformMetrics,
      inject: [PLATFORM_CONFIG, JOB_QUEUE, SqlPool],
      useFactory: async (config: PlatformConfig, queue: JobQueue, sql: SqlPool): Promise<PlatformMetrics> =>
        metricsEnabled(config) ? new (await import('./prometheus-metrics.js')).PrometheusMetrics(queue, sql) : new PlatformMetrics(),
    },
    MetricsRoute,
  ],
  exports: [PlatformMetrics, MetricsRoute],
})
export class MetricsModule {}
