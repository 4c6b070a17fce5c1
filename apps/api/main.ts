import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ConfigError, type PlatformConfig, loadConfig } from '@platform/config';
import { migrateDatabaseAt, openDatabase } from '@platform/database';
import { type Logger, createLogger, logsToTerminal } from '@platform/logging';
import { SUPPORTED_VERSIONS } from '@platform/versioning';
import { HealthProbe } from '@platform/health';
import { MetricsRoute } from '@platform/metrics';
import { startWorker } from '../worker/start-worker.js';
import { stopOnSignals } from '../worker/stop-on-signals.js';
import { MIGRATIONS } from '../../migrations/index.js';
import { createApiApp, httpDrainOf } from './create-api-app.js';
import { applyHeapPolicy } from './heap-policy.js';
import { startBanner, startUrls } from './start-banner.js';
import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD, DemoShopService, type SeededShop } from '@platform/seed';

const LATEST_VERSION = SUPPORTED_VERSIONS.at(-2)!;
let startLog: Logger | undefined;

async function main(): Promise<void> {
  applyHeapPolicy();
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  startLog = logger;
  if (config.role === 'worker') return startWorker(config, logger);
  if (config.role === 'api' && !config.redisUrl) {
    fail(logger, 'PLATFORM_ROLE=api needs REDIS_URL: throttle buckets and jobs must be shared between processes');
  }

  const database = await openDatabase(config);
  if (database.embeddedAt) {
    logger.info({ dataDir: config.dataDir, clusterDir: database.embeddedAt.clusterDir }, 'DATABASE_URL is not set: using the embedded Postgres');
    for (const notice of database.embeddedAt.notices) logger.info(notice);
  }
  if (!config.redisUrl) logger.info('REDIS_URL is not set: in-process throttle store, job queue in Postgres run in this process (single instance only)');

  const applied = await migrateDatabaseAt(database.url, MIGRATIONS);
  if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
  const app = await createApiApp({ config, databaseUrl: database.url, logger });
  const demo = await app.get(DemoShopService).ensureDemoShop();

  await listen(app, config);

  // The handlers before the start lines: a SIGTERM sent as soon as they are read must find them (the default kills).
  const http = httpDrainOf(app);
  stopOnSignals({
    logger,
    graceMs: config.shutdownGraceMs,
    finishing: config.role === 'all' ? 'in-flight requests, then running jobs' : 'in-flight requests',
    inFlight: () => ({ requestsInFlight: http.requestsInFlight }),
    stop: async () => {
      app.get(HealthProbe).drain();
      // Requests first: one in flight may still enqueue a job (after its commit), which a closed queue would refuse.
      await http.drain();
      // The modules' shutdown hooks: the queue takes no more jobs and waits for the running ones, the outbox sweeper
      // stops, then the Postgres and Redis pools close; last the embedded Postgres, if this process started it.
      await app.close();
      await database.close();
    },
  });
  logStarted(logger, config, demo);
}

// JSON fields for collectors and tests; at a terminal, the same facts in a few lines a person reads.
function logStarted(logger: Logger, config: PlatformConfig, demo: SeededShop | null): void {
  const facts = { host: config.host, port: config.port, role: config.role, version: LATEST_VERSION, defaultShop: config.defaultShop, demo, customer: { email: DEMO_CUSTOMER_EMAIL, password: DEMO_CUSTOMER_PASSWORD } };
  if (logsToTerminal()) {
    for (const block of startBanner(facts)) logger.info(block);
    return;
  }
  logger.info({ role: config.role, ...startUrls(facts), defaultShop: config.defaultShop }, `Platform is listening on ${config.host}:${config.port}`);
  if (demo) {
    logger.info(
      {
        shop: demo.shop.handle,
        host: demo.shop.domain,
        ...demo.tokens,
        customerEmail: DEMO_CUSTOMER_EMAIL,
        customerPassword: DEMO_CUSTOMER_PASSWORD,
        ...(demo.counts ? { seeded: demo.counts } : {}),
      },
      demo.created ? 'demo shop created' : 'demo shop',
    );
  }
}

async function listen(app: NestFastifyApplication, config: PlatformConfig): Promise<void> {
  try {
    await app.listen(config.port, config.host);
    // Metrics on a listener of their own when METRICS_PORT is set (closed with the app).
    await app.get(MetricsRoute).listen(config.host);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw new Error(`port ${config.port} on ${config.host} is already in use: stop the process using it or set PORT (and HOST) to another address`);
  }
}

function loadConfigOrExit(): PlatformConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

function fail(logger: Logger, message: string): never {
  logger.fatal(message);
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

// One line on stderr whatever failed; the log (stdout) keeps the stack for whoever digs.
main().catch((error) => {
  const message = error instanceof Error ? error.message : String(error);
  startLog?.fatal({ err: error }, 'start failed');
  process.stderr.write(`Platform failed to start: ${message.replace(/\s*\n\s*/g, ' ')}\n`);
  process.exit(1);
});
