import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '@platform/auth';
import { CartModule } from '@platform/cart';
import { MediaModule } from '@platform/media';
import { TracingModule } from '@platform/tracing';
import { CatalogModule } from '@platform/catalog';
import { ClockModule } from '@platform/clock';
import { ConfigModule, type PlatformConfig } from '@platform/config';
import { CustomersModule } from '@platform/customers';
import { PaymentsModule } from '@platform/payments';
import { DatabaseModule } from '@platform/database';
import { EventsModule } from '@platform/events';
import { GraphqlDocumentsModule } from '@platform/graphql';
import { OutboundHttpModule } from '@platform/http';
import { LoggingModule, type Logger } from '@platform/logging';
import { QueueModule } from '@platform/queue';
import { RedisModule } from '@platform/redis';
import { StorageModule } from '@platform/storage';
import { TenancyModule } from '@platform/tenancy';
import { type LimitOverrides, ThrottleModule } from '@platform/throttling';
import { MIGRATIONS } from '../../migrations/index.js';
import { ADMIN_GRAPHQL_MODULES, adminGraphqlModule } from '../api/api.module.js';

export interface WorkerRuntime {
  config: PlatformConfig;
  databaseUrl: string;
  logger: Logger;
  /** Prefix of every Redis key instead of the installation's own (tests isolate themselves with it). */
  redisPrefix?: string;
  /** Rate-limit numbers to replace, as the api process's (tests shrink buckets). */
  limits?: LimitOverrides;
}

// Every context module that lists job processors (`@ShopJob` providers), so the worker runs them.
const JOB_MODULES = [CustomersModule, PaymentsModule, CartModule, CatalogModule, MediaModule];

/**
 * The job process: no HTTP; the processors that contexts register on the queue, the file storage the api serves
 * from, and the admin GraphQL API built as the api process builds it, so a job can run an admin document as the app
 * that asked (GraphqlDocuments), under the same throttle buckets in Redis.
 */
@Module({})
export class WorkerModule {
  static forRoot(runtime: WorkerRuntime): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(runtime.config),
        ClockModule.forRoot(),
        LoggingModule.forRoot(runtime.logger),
        TracingModule,
        DatabaseModule.forRoot({ url: runtime.databaseUrl, migrations: MIGRATIONS }),
        RedisModule.forRoot(runtime.config.redisUrl, runtime.redisPrefix),
        QueueModule.forRoot({ redisUrl: runtime.config.redisUrl, runsJobs: true, logger: runtime.logger, bulkConcurrency: runtime.config.bulkConcurrency }),
        EventsModule,
        TenancyModule,
        AuthModule,
        ThrottleModule.forRoot({ checkoutCreationsPerMinute: runtime.config.checkoutCreationsPerMinute, ...runtime.limits }),
        GraphqlDocumentsModule,
        OutboundHttpModule,
        StorageModule,
        ...JOB_MODULES,
        ...ADMIN_GRAPHQL_MODULES,
        adminGraphqlModule({ logger: runtime.logger }),
      ],
    };
  }
}
