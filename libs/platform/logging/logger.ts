import { isatty } from 'node:tty';
import { pino, type DestinationStream, type Logger } from 'pino';
import { PinoPretty } from 'pino-pretty';
import type { LoggerService } from '@nestjs/common';

export type { Logger } from 'pino';

/** Whether the log goes to a person's terminal (then it is pretty) rather than a pipe or file (then JSON). */
export function logsToTerminal(destination: 1 | 2 = 1): boolean {
  return isatty(destination);
}

/**
 * Logs on stdout (stderr for the CLI, whose stdout is its answer): JSON lines, or readable lines on a terminal, so
 * collectors and tests read the same JSON they always did and a person at `npm start` reads text.
 */
export function createLogger(level: string, destination: 1 | 2 = 1, pretty = logsToTerminal(destination)): Logger {
  const options = { level, base: { service: 'platform' }, timestamp: pino.stdTimeFunctions.isoTime };
  return pino(options, pretty ? prettyStream(destination) : pino.destination({ fd: destination, sync: destination === 2 }));
}

// Written synchronously: a terminal's pace is a person's, and a fatal line must be out before process.exit.
function prettyStream(destination: 1 | 2): DestinationStream {
  return PinoPretty({ destination, sync: true, ignore: 'pid,hostname,service', translateTime: 'SYS:HH:MM:ss', singleLine: false });
}

/** Lets Nest's own messages (module init, routes) go through the same logger. */
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
