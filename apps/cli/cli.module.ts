import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '@platform/auth';
import { ClockModule } from '@platform/clock';
import { ConfigModule, type PlatformConfig } from '@platform/config';
import { DatabaseModule } from '@platform/database';
import { EventsModule } from '@platform/events';
import { LoggingModule, type Logger } from '@platform/logging';
import { MailModule } from '@platform/mail';
import { PaymentsModule } from '@platform/payments';
import { QueueModule } from '@platform/queue';
import { RedisModule } from '@platform/redis';
import { SystemContextModule } from '@platform/request';
import { SeedModule } from '@platform/seed';
import { TenancyModule } from '@platform/tenancy';
import { MIGRATIONS } from '../../migrations/index.js';

export interface CliRuntime {
  config: PlatformConfig;
  databaseUrl: string;
  logger: Logger;
}

/** What operator commands need: the database, shops, apps, the outbox and the job queue (to look at, never to run jobs); no HTTP. */
@Module({})
export class CliModule {
  static forRoot(runtime: CliRuntime): DynamicModule {
    return {
      module: CliModule,
      imports: [
        ConfigModule.forRoot(runtime.config),
        ClockModule.forRoot(),
        LoggingModule.forRoot(runtime.logger),
        DatabaseModule.forRoot({ url: runtime.databaseUrl, migrations: MIGRATIONS, poolSize: 4 }),
        RedisModule.forRoot(runtime.config.redisUrl),
        QueueModule.forRoot({ redisUrl: runtime.config.redisUrl, runsJobs: false, logger: runtime.logger }),
        EventsModule,
        TenancyModule,
        AuthModule,
        SeedModule,
        MailModule,
        SystemContextModule,
        PaymentsModule,
      ],
    };
  }
}
