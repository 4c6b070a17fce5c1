import { resolve } from 'node:path';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { EnvSchema, type PlatformRole, type TraceSamplerName } from './env.schema.js';
import { type PaymentFee, parsePaymentFees } from './payment-fees.js';
import { type StorageConfig, parseStorageUrl } from './storage-url.js';

export interface PlatformConfig {
  /** Postgres URL; undefined means the embedded Postgres under `dataDir`. */
  databaseUrl?: string;
  /** Redis URL; undefined means in-process throttle store and queue (single instance only). */
  redisUrl?: string;
  port: number;
  host: string;
  platformDomain: string;
  defaultShop: string;
  logLevel: string;
  role: PlatformRole;
  /**
   * Host names every outbound call may reach although they resolve to private or loopback addresses
   * (OUTBOUND_ALLOWED_PRIVATE_HOSTS, and MEDIA_ALLOWED_PRIVATE_HOSTS, its older name), lower case.
   */
  outboundAllowedPrivateHosts: string[];
  embeddedPostgresPort: number;
  dataDir: string;
  trustProxy: boolean;
  checkoutCreationsPerMinute: number;
  /** Days a cart lives after its last change (CART_EXPIRY_DAYS); a daily job deletes older ones. */
  cartExpiryDays: number;
  /** Signs the visitor consent of checkout URLs (VISITOR_CONSENT_SECRET); undefined: a random key stored in the database. */
  visitorConsentSecret?: string;
  /** Where emails go (`smtp://user:pass@host:587`); undefined keeps them in the outbox (`mail:list`). */
  smtpUrl?: string;
  /** Fees the payments ledger takes from a charge, per shop plan (PAYMENT_FEES). */
  paymentFees: Readonly<Record<string, PaymentFee>>;
  /** Where files are kept (STORAGE_URL): a directory, by default `dataDir/files`, or an S3-compatible bucket. */
  storage: StorageConfig;
  /** How long a stop (SIGTERM, SIGINT) may take to finish in-flight requests and jobs before the process exits 1 (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** Bulk operations one process runs at once (BULK_CONCURRENCY): the `bulk` queue's concurrency. */
  bulkConcurrency: number;
  /** The variant-creation limit: past `threshold` variants (VARIANT_LIMIT_THRESHOLD), at most `daily` new ones a day (VARIANT_DAILY_LIMIT). */
  variantLimit: { threshold: number; daily: number };
  /** The largest image file the platform keeps (MEDIA_MAX_BYTES), 20 MB by default as on the hosted platform. */
  mediaMaxBytes: number;
  /** Whether `GET /graphiql` serves GraphiQL (GRAPHIQL, default true); false: it answers 404. */
  graphiql: boolean;
  /**
   * Where `/metrics` is read: with `Authorization: Bearer <METRICS_TOKEN>` on the API's port, and/or on a listener of
   * its own (METRICS_PORT); neither set (the default): metrics are off.
   */
  metrics: { token?: string; port?: number };
  /** The OTLP/HTTP collector spans go to (OTEL_EXPORTER_OTLP_ENDPOINT, `<it>/v1/traces`); unset: tracing is off. */
  otlpEndpoint?: string;
  /**
   * Which traces are kept, as OpenTelemetry's SDKs read it: OTEL_TRACES_SAMPLER (`parentbased_always_on`, every trace a
   * caller does not decline) and OTEL_TRACES_SAMPLER_ARG, the ratio of the `traceidratio` samplers (1).
   */
  traceSampler: { name: TraceSamplerName; ratio: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment once; a wrong value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const parsed = plainToInstance(EnvSchema, { ...env }, { excludeExtraneousValues: false });
  const errors = validateSync(parsed, { whitelist: false, forbidUnknownValues: false });
  if (errors.length > 0) {
    throw new ConfigError(errors.flatMap((e) => Object.values(e.constraints ?? { [e.property]: `${e.property} is invalid` })));
  }
  const paymentFees = parsePaymentFees(parsed.PAYMENT_FEES);
  if (!paymentFees) throw new ConfigError(['PAYMENT_FEES must be a comma list of <plan>:<percent>%+<fixed>, e.g. standard:2.9%+0.30,plus:2.4%+0.30']);
  const dataDir = resolve(parsed.DATA_DIR ?? '.data');
  const storage = parseStorageUrl(parsed.STORAGE_URL, dataDir, env);
  if ('problem' in storage) throw new ConfigError([storage.problem]);
  return {
    databaseUrl: parsed.DATABASE_URL,
    redisUrl: parsed.REDIS_URL,
    port: parsed.PORT ?? 3000,
    host: parsed.HOST || '0.0.0.0',
    platformDomain: parsed.PLATFORM_DOMAIN ?? 'myplatform.localhost',
    defaultShop: parsed.DEFAULT_SHOP ?? 'demo',
    logLevel: parsed.LOG_LEVEL ?? 'info',
    role: parsed.PLATFORM_ROLE ?? 'all',
    outboundAllowedPrivateHosts: [...new Set([...hostList(parsed.OUTBOUND_ALLOWED_PRIVATE_HOSTS), ...hostList(parsed.MEDIA_ALLOWED_PRIVATE_HOSTS)])],
    embeddedPostgresPort: parsed.EMBEDDED_POSTGRES_PORT ?? 54329,
    dataDir,
    trustProxy: parsed.TRUST_PROXY === 'true',
    checkoutCreationsPerMinute: parsed.CHECKOUT_CREATIONS_PER_MINUTE ?? 30,
    cartExpiryDays: parsed.CART_EXPIRY_DAYS ?? 10,
    visitorConsentSecret: parsed.VISITOR_CONSENT_SECRET,
    smtpUrl: parsed.SMTP_URL,
    paymentFees,
    storage,
    shutdownGraceMs: parsed.SHUTDOWN_GRACE_MS ?? 15_000,
    bulkConcurrency: parsed.BULK_CONCURRENCY ?? 1,
    variantLimit: { threshold: parsed.VARIANT_LIMIT_THRESHOLD ?? 50_000, daily: parsed.VARIANT_DAILY_LIMIT ?? 1_000 },
    mediaMaxBytes: parsed.MEDIA_MAX_BYTES ?? 20_000_000,
    graphiql: parsed.GRAPHIQL !== 'false',
    metrics: { token: parsed.METRICS_TOKEN, port: parsed.METRICS_PORT },
    otlpEndpoint: parsed.OTEL_EXPORTER_OTLP_ENDPOINT,
    traceSampler: { name: (parsed.OTEL_TRACES_SAMPLER as TraceSamplerName | undefined) ?? 'parentbased_always_on', ratio: parsed.OTEL_TRACES_SAMPLER_ARG ?? 1 },
  };
}

// A comma list of host names, lower case; a trailing dot is the same name.
function hostList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase().replace(/\.$/, ''))
    .filter(Boolean);
}
