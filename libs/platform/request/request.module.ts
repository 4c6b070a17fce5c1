import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AuthModule } from '@platform/auth';
import { TenancyModule } from '@platform/tenancy';
import { PlatformExceptionFilter } from './platform-exception.filter.js';
import { REQUEST_STEPS, RequestPipeline, type RequestStep } from './request-pipeline.js';

@Module({})
export class RequestModule {
  /** The pipeline, with the steps (e.g. throttling) that run after authentication, in order. */
  static forRoot(steps: Type<RequestStep>[] = []): DynamicModule {
    return {
      module: RequestModule,
      imports: [TenancyModule, AuthModule],
      providers: [
        RequestPipeline,
        { provide: APP_FILTER, useClass: PlatformExceptionFilter },
        { provide: REQUEST_STEPS, inject: steps, useFactory: (...instances: RequestStep[]) => instances },
      ],
      exports: [RequestPipeline],
    };
  }
}
