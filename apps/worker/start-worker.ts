import { NestFactory } from '@nestjs/core';
import type { PlatformConfig } from '@platform/config';
import { openDatabase } from '@platform/database';
import { type Logger, NestPinoLogger } from '@platform/logging';
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
  app.enableShutdownHooks();
  logger.info('worker started: processing background jobs');
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
}
