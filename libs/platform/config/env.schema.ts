import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

export const PLATFORM_ROLES = ['all', 'api', 'worker'] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];
/** OpenTelemetry's sampler names (its SDKs' OTEL_TRACES_SAMPLER). */
export const TRACE_SAMPLERS = ['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'] as const;
export type TraceSamplerName = (typeof TRACE_SAMPLERS)[number];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const blankToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

// A comma list of host names (an IPv4 address or a bracketed IPv6 one is a host name too); blanks and empty entries are fine.
const HOST = String.raw`(([a-z0-9_-]+\.)*[a-z0-9_-]+\.?|\[[0-9a-f:.]+\])`;
const HOST_LIST = new RegExp(String.raw`^\s*${HOST}?\s*(,\s*${HOST}?\s*)*$`, 'i');
const HOST_LIST_MESSAGE = (name: string) => `${name} must be a comma list of host names without scheme, port or path, e.g. images.internal,localhost`;

// The environment as the process receives it; names are part of the public contract (ARCHITECTURE.md).
export class EnvSchema {
  @IsOptional()
  @Transform(blankToUndefined)
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL?: string;

  @IsOptional()
  @Transform(blankToUndefined)
  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'PORT must be an integer' })
  @Min(0)
  @Max(65535)
  PORT?: number;

  @IsOptional()
  @IsString()
  HOST?: string;

  @IsOptional()
  @Matches(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, {
    message: 'PLATFORM_DOMAIN must be a lower-case domain name such as myplatform.localhost',
  })
  PLATFORM_DOMAIN?: string;

  @IsOptional()
  @Matches(/^[a-z0-9][a-z0-9-]*$/, { message: 'DEFAULT_SHOP must be a shop handle (a-z, 0-9, -)' })
  DEFAULT_SHOP?: string;

  @IsOptional()
  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL?: string;

  @IsOptional()
  @IsIn(PLATFORM_ROLES, { message: `PLATFORM_ROLE must be one of ${PLATFORM_ROLES.join(', ')}` })
  PLATFORM_ROLE?: PlatformRole;

  // Compared with a URL's host name alone, so a scheme, port or path in an entry would never match: refused.
  @IsOptional()
  @Matches(HOST_LIST, { message: HOST_LIST_MESSAGE('OUTBOUND_ALLOWED_PRIVATE_HOSTS') })
  OUTBOUND_ALLOWED_PRIVATE_HOSTS?: string;

  // The older name of OUTBOUND_ALLOWED_PRIVATE_HOSTS, still read (the two lists are joined).
  @IsOptional()
  @Matches(HOST_LIST, { message: HOST_LIST_MESSAGE('MEDIA_ALLOWED_PRIVATE_HOSTS') })
  MEDIA_ALLOWED_PRIVATE_HOSTS?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'EMBEDDED_POSTGRES_PORT must be an integer' })
  @Min(1)
  @Max(65535)
  EMBEDDED_POSTGRES_PORT?: number;

  @IsOptional()
  @IsString()
  DATA_DIR?: string;

  @IsOptional()
  @IsIn(['true', 'false'], { message: 'TRUST_PROXY must be true or false' })
  TRUST_PROXY?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'CHECKOUT_CREATIONS_PER_MINUTE must be an integer' })
  @Min(1)
  CHECKOUT_CREATIONS_PER_MINUTE?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'CART_EXPIRY_DAYS must be an integer' })
  @Min(1)
  @Max(365)
  CART_EXPIRY_DAYS?: number;

  // The message never repeats the value: it is a secret.
  @IsOptional()
  @Matches(/^\S{32,}$/, { message: 'VISITOR_CONSENT_SECRET must be at least 32 characters without spaces' })
  VISITOR_CONSENT_SECRET?: string;

  // The message never repeats the value: it may hold the SMTP password.
  @IsOptional()
  @Transform(blankToUndefined)
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  // Read by parsePaymentFees (payment-fees.ts), which says what is wrong with it.
  @IsOptional()
  @IsString()
  PAYMENT_FEES?: string;

  // Read by parseStorageUrl (storage-url.ts), which says what is wrong with it, never repeating the value: its
  // user-info may hold a secret key.
  @IsOptional()
  @IsString()
  STORAGE_URL?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'SHUTDOWN_GRACE_MS must be a whole number of milliseconds' })
  @Min(1, { message: 'SHUTDOWN_GRACE_MS must be at least 1' })
  @Max(3_600_000, { message: 'SHUTDOWN_GRACE_MS must be at most 3600000 (an hour)' })
  SHUTDOWN_GRACE_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'BULK_CONCURRENCY must be a whole number' })
  @Min(1, { message: 'BULK_CONCURRENCY must be at least 1' })
  @Max(64, { message: 'BULK_CONCURRENCY must be at most 64' })
  BULK_CONCURRENCY?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'VARIANT_LIMIT_THRESHOLD must be a whole number of variants' })
  @Min(0, { message: 'VARIANT_LIMIT_THRESHOLD must be at least 0' })
  VARIANT_LIMIT_THRESHOLD?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'VARIANT_DAILY_LIMIT must be a whole number of variants' })
  @Min(0, { message: 'VARIANT_DAILY_LIMIT must be at least 0' })
  VARIANT_DAILY_LIMIT?: number;

  @IsOptional()
  @IsIn(['true', 'false'], { message: 'GRAPHIQL must be true or false' })
  GRAPHIQL?: string;

  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http or https URL' })
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;

  @IsOptional()
  @IsIn(TRACE_SAMPLERS, { message: `OTEL_TRACES_SAMPLER must be one of ${TRACE_SAMPLERS.join(', ')}` })
  OTEL_TRACES_SAMPLER?: string;

  @IsOptional()
  @Transform(toInt)
  @IsNumber({}, { message: 'OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1' })
  @Min(0, { message: 'OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1' })
  @Max(1, { message: 'OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1' })
  OTEL_TRACES_SAMPLER_ARG?: number;

  @IsOptional()
  @Matches(/^\S{32,}$/, { message: 'METRICS_TOKEN must be at least 32 characters without spaces' })
  METRICS_TOKEN?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'METRICS_PORT must be an integer' })
  @Min(1, { message: 'METRICS_PORT must be between 1 and 65535' })
  @Max(65535, { message: 'METRICS_PORT must be between 1 and 65535' })
  METRICS_PORT?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'MEDIA_MAX_BYTES must be a whole number of bytes' })
  @Min(1, { message: 'MEDIA_MAX_BYTES must be at least 1' })
  @Max(1024 * 1024 * 1024, { message: 'MEDIA_MAX_BYTES must be at most 1 GiB' })
  MEDIA_MAX_BYTES?: number;
}
