import { NestFactory } from '@nestjs/core';
import type { PlatformConfig } from '@platform/config';
import { openDatabase } from '@platform/database';
import { type Logger, NestPinoLogger } from '@platform/logging';
import { stopOnSignals } from './stop-on-signals.js';
import { WorkerModule } from './worker.module.js';

/** Runs the job processors only (role `worker`); needs Redis, since jobs come from api processes. */
export async function startWorker(config: PlatformConfig, logger: Logger): Promise<void> {
  if (!config.redisUrl) {
    process.stderr.write('The worker role needs REDIS_URL: jobs are handed over through Redis\n');
    process.exit(1);
  }
  const database = await openDatabase(config);
  for (const notice of database.embeddedAt?.notices ?? []) logger.info(notice);
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot({ config, databaseUrl: database.url, logger }), {
    logger: new NestPinoLogger(logger),
  });
  // The handlers before the start line: a SIGTERM sent as soon as it is read must find them (the default kills).
  stopOnSignals({
    logger,
    graceMs: config.shutdownGraceMs,
    finishing: 'running jobs',
    // The modules' shutdown hooks: the queue takes no more jobs and waits for the running ones, the outbox sweeper
    // stops, then the Postgres and Redis pools close; last the embedded Postgres, if this process started it.
    stop: async () => {
      await app.close();
      await database.close();
    },
  });
  logger.info('worker started: processing background jobs');
}
