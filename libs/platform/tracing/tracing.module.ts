import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { PLATFORM_CONFIG, type PlatformConfig } from '@platform/config';
import { type Tracing, startTracing } from './tracing.js';

/** Injection token of the process' Tracing. */
export const TRACING = Symbol('TRACING');

/** Tracing for the process (on with OTEL_EXPORTER_OTLP_ENDPOINT), flushed and stopped with the app. */
@Global()
@Module({
  providers: [{ provide: TRACING, inject: [PLATFORM_CONFIG], useFactory: (config: PlatformConfig) => startTracing(config, `platform-${config.role}`) }],
  exports: [TRACING],
})
export class TracingModule implements OnApplicationShutdown {
  constructor(@Inject(TRACING) private readonly tracing: Tracing) {}

  async onApplicationShutdown(): Promise<void> {
    await this.tracing.shutdown();
  }
}
