import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { PlatformConfig } from './platform-config.js';

/** Injection token of the validated PlatformConfig. */
export const PLATFORM_CONFIG = Symbol('PLATFORM_CONFIG');

// The config is loaded once by the entry point (so a bad value stops the process before Nest starts)
// and handed in here; tests pass their own.
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: PLATFORM_CONFIG, useValue: config }], exports: [PLATFORM_CONFIG] };
  }
}
