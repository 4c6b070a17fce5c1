export { NestPinoLogger, createLogger, logsToTerminal, type Logger } from './logger.js';
export { LOGGER, LoggingModule } from './logging.module.js';
