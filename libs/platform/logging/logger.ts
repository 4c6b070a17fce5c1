import { pino, type Logger } from 'pino';
import type { LoggerService } from '@nestjs/common';

export type { Logger } from 'pino';

/** Structured JSON logs on stdout (stderr for the CLI, whose stdout is its answer). */
export function createLogger(level: string, destination: 1 | 2 = 1): Logger {
  return pino({ level, base: { service: 'platform' }, timestamp: pino.stdTimeFunctions.isoTime }, pino.destination({ fd: destination, sync: destination === 2 }));
}

/** Lets Nest's own messages (module init, routes) go through the same JSON logger. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
