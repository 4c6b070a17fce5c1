export { ConfigModule, PLATFORM_CONFIG } from './config.module.js';
export { ConfigError, loadConfig, type PlatformConfig } from './platform-config.js';
export { PLATFORM_ROLES, TRACE_SAMPLERS, type PlatformRole, type TraceSamplerName } from './env.schema.js';
export { DEFAULT_PAYMENT_FEES, type PaymentFee, parsePaymentFees } from './payment-fees.js';
export { STORAGE_URL_FORMAT, parseStorageUrl, type LocalStorageConfig, type S3StorageConfig, type StorageConfig } from './storage-url.js';
