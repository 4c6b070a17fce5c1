import 'reflect-metadata';
import { ConfigError, loadConfig } from '@platform/config';
import { createLogger } from '@platform/logging';
import { startWorker } from './start-worker.js';

try {
  const config = loadConfig({ ...process.env, PLATFORM_ROLE: 'worker' });
  await startWorker(config, createLogger(config.logLevel));
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
}
