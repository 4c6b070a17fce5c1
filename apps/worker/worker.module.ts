import { type DynamicModule, Module } from '@nestjs/common';
import { CartModule } from '@platform/cart';
import { ConfigModule, type PlatformConfig } from '@platform/config';
import { CustomersModule } from '@platform/customers';
import { PaymentsModule } from '@platform/payments';
import { DatabaseModule } from '@platform/database';
import { EventsModule } from '@platform/events';
import { LoggingModule, type Logger } from '@platform/logging';
import { QueueModule } from '@platform/queue';
import { RedisModule } from '@platform/redis';
import { MIGRATIONS } from '../../migrations/index.js';

export interface WorkerRuntime {
  config: PlatformConfig;
  databaseUrl: string;
  logger: Logger;
}

// Every context module that lists job processors (`@ShopJob` providers), so the worker runs them.
const JOB_MODULES = [CustomersModule, PaymentsModule, CartModule];

/** The job process: no HTTP, only the processors that contexts register on the queue. */
@Module({})
export class WorkerModule {
  static forRoot(runtime: WorkerRuntime): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(runtime.config),
        LoggingModule.forRoot(runtime.logger),
        DatabaseModule.forRoot({ url: runtime.databaseUrl, migrations: MIGRATIONS }),
        RedisModule.forRoot(runtime.config.redisUrl),
        QueueModule.forRoot({ redisUrl: runtime.config.redisUrl, runsJobs: true, logger: runtime.logger }),
        EventsModule,
        ...JOB_MODULES,
      ],
    };
  }
}
