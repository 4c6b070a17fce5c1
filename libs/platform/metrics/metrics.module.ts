import { Global, Module } from '@nestjs/common';
import { MetricsRoute } from './metrics.route.js';
import { PlatformMetrics } from './platform-metrics.js';

/** The process' metrics: global, so every part that reports (throttling, GraphQL) finds the one recorder. */
@Global()
@Module({ providers: [PlatformMetrics, MetricsRoute], exports: [PlatformMetrics, MetricsRoute] })
export class MetricsModule {}
