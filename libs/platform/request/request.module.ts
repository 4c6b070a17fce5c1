import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AuthModule } from '@platform/auth';
import { TenancyModule } from '@platform/tenancy';
import { PlatformExceptionFilter } from './platform-exception.filter.js';
import { REQUEST_STEPS, RequestPipeline } from './request-pipeline.js';

@Module({
  imports: [TenancyModule, AuthModule],
  providers: [
    RequestPipeline,
    { provide: APP_FILTER, useClass: PlatformExceptionFilter },
    // Throttling and other steps are added by the surfaces' modules; none by default.
    { provide: REQUEST_STEPS, useValue: [] },
  ],
  exports: [RequestPipeline],
})
export class RequestModule {}
