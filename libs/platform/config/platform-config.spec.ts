import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from './platform-config.js';

describe('loadConfig', () => {
  it('gives the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      databaseUrl: undefined,
      redisUrl: undefined,
      port: 3000,
      host: '0.0.0.0',
      platformDomain: 'myplatform.localhost',
      defaultShop: 'demo',
      role: 'all',
      outboundAllowedPrivateHosts: [],
      checkoutCreationsPerMinute: 30,
      cartExpiryDays: 10,
      smtpUrl: undefined,
      shutdownGraceMs: 15_000,
    });
  });

  it('serves GraphiQL unless GRAPHIQL=false', () => {
    expect(loadConfig({}).graphiql).toBe(true);
    expect(loadConfig({ GRAPHIQL: 'true' }).graphiql).toBe(true);
    expect(loadConfig({ GRAPHIQL: 'false' }).graphiql).toBe(false);
  });

  it("reads OpenTelemetry's OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG: every trace its caller keeps by default", () => {
    expect(loadConfig({}).traceSampler).toEqual({ name: 'parentbased_always_on', ratio: 1 });
    expect(loadConfig({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' }).traceSampler).toEqual({ name: 'parentbased_traceidratio', ratio: 0.1 });
    expect(() => loadConfig({ OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(/OTEL_TRACES_SAMPLER must be one of always_on, always_off/);
    for (const ratio of ['1.5', '-0.1', 'half']) expect(() => loadConfig({ OTEL_TRACES_SAMPLER_ARG: ratio })).toThrow(/OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1/);
  });

  it('reads MEDIA_MAX_BYTES, 20 MB by default', () => {
    expect(loadConfig({}).mediaMaxBytes).toBe(20_000_000);
    expect(loadConfig({ MEDIA_MAX_BYTES: '1024' }).mediaMaxBytes).toBe(1024);
  });

  it('reads VARIANT_LIMIT_THRESHOLD and VARIANT_DAILY_LIMIT, 50000 and 1000 by default', () => {
    expect(loadConfig({}).variantLimit).toEqual({ threshold: 50_000, daily: 1_000 });
    expect(loadConfig({ VARIANT_LIMIT_THRESHOLD: '10', VARIANT_DAILY_LIMIT: '2' }).variantLimit).toEqual({ threshold: 10, daily: 2 });
  });

  it('reads BULK_CONCURRENCY, 1 by default', () => {
    expect(loadConfig({}).bulkConcurrency).toBe(1);
    expect(loadConfig({ BULK_CONCURRENCY: '3' }).bulkConcurrency).toBe(3);
  });

  it('reads SHUTDOWN_GRACE_MS in milliseconds; blank keeps the default', () => {
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '30000' }).shutdownGraceMs).toBe(30_000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '' }).shutdownGraceMs).toBe(15_000);
  });

  it('reads SMTP_URL, and refuses another scheme without repeating the value (it may hold a password)', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://user:pass@mail.example.com:587' }).smtpUrl).toBe('smtp://user:pass@mail.example.com:587');
    expect(loadConfig({ SMTP_URL: '' }).smtpUrl).toBeUndefined();
    expect(() => loadConfig({ SMTP_URL: 'http://user:s3cret@x' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'http://user:s3cret@x' })).not.toThrow(/s3cret/);
  });

  it('keeps files under DATA_DIR/files unless STORAGE_URL names another place, and refuses a wrong one without repeating it', () => {
    expect(loadConfig({ DATA_DIR: '/srv/data' }).storage).toEqual({ kind: 'local', directory: '/srv/data/files' });
    expect(loadConfig({}).storage).toEqual({ kind: 'local', directory: join(resolve('.data'), 'files') });
    expect(loadConfig({ STORAGE_URL: 's3://media/shop-files?endpoint=http://127.0.0.1:9000&region=eu-west-1' }).storage).toMatchObject({
      kind: 's3',
      bucket: 'media',
      prefix: 'shop-files',
    });
    expect(() => loadConfig({ STORAGE_URL: 'https://KEY:s3cret@media' })).toThrow(ConfigError);
    expect(() => loadConfig({ STORAGE_URL: 'https://KEY:s3cret@media' })).toThrow(/STORAGE_URL/);
    expect(() => loadConfig({ STORAGE_URL: 'https://KEY:s3cret@media' })).not.toThrow(/s3cret/);
  });

  it('reads and converts the variables', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
      REDIS_URL: 'redis://127.0.0.1:6379',
      PORT: '4000',
      PLATFORM_ROLE: 'api',
      OUTBOUND_ALLOWED_PRIVATE_HOSTS: 'hooks.internal, Images.Local.',
      MEDIA_ALLOWED_PRIVATE_HOSTS: 'cdn.local, images.local',
    });
    expect(config.port).toBe(4000);
    expect(config.role).toBe('api');
    // The older name is still read; both lists are one.
    expect(config.outboundAllowedPrivateHosts).toEqual(['hooks.internal', 'images.local', 'cdn.local']);
  });

  it('reads the allowed private hosts under either name', () => {
    expect(loadConfig({ OUTBOUND_ALLOWED_PRIVATE_HOSTS: ' minio , , LocalHost.,10.0.0.5,[::1]' }).outboundAllowedPrivateHosts).toEqual(['minio', 'localhost', '10.0.0.5', '[::1]']);
    expect(loadConfig({ MEDIA_ALLOWED_PRIVATE_HOSTS: 'cdn.local' }).outboundAllowedPrivateHosts).toEqual(['cdn.local']);
    expect(loadConfig({ OUTBOUND_ALLOWED_PRIVATE_HOSTS: '', MEDIA_ALLOWED_PRIVATE_HOSTS: '' }).outboundAllowedPrivateHosts).toEqual([]);
  });

  it.each(['localhost:9000', 'http://minio', 'minio/files', 'a b', '*.internal'])('refuses %s as an allowed private host (it would never match)', (value) => {
    for (const name of ['OUTBOUND_ALLOWED_PRIVATE_HOSTS', 'MEDIA_ALLOWED_PRIVATE_HOSTS']) {
      expect(() => loadConfig({ [name]: `images.internal,${value}` })).toThrow(new RegExp(`${name} must be a comma list of host names`));
    }
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://x'],
    ['PLATFORM_ROLE', 'everything'],
    ['LOG_LEVEL', 'loud'],
    ['DEFAULT_SHOP', 'Not A Handle'],
    ['SMTP_URL', 'mail.example.com'],
    ['SHUTDOWN_GRACE_MS', '15s'],
    ['SHUTDOWN_GRACE_MS', '1.5'],
    ['SHUTDOWN_GRACE_MS', '0'],
    ['SHUTDOWN_GRACE_MS', '-1'],
    ['SHUTDOWN_GRACE_MS', '3600001'],
    ['BULK_CONCURRENCY', '0'],
    ['BULK_CONCURRENCY', 'two'],
    ['BULK_CONCURRENCY', '65'],
    ['VARIANT_LIMIT_THRESHOLD', '-1'],
    ['VARIANT_DAILY_LIMIT', 'many'],
    ['MEDIA_MAX_BYTES', '0'],
    ['MEDIA_MAX_BYTES', '20MB'],
    ['GRAPHIQL', 'no'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});
