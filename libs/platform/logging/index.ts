export { NestPinoLogger, createLogger, type Logger } from './logger.js';
export { LOGGER, LoggingModule } from './logging.module.js';
