/**
 * The Redis of the suites that test the Redis adapters (BullMQ, the Redis bucket store, roles api and worker):
 * REDIS_URL's, else the machine's on 127.0.0.1:6379, which `npm test`'s global setup found there or started
 * (test/support/prepare-run.js). Every other test runs the app on its embedded default, without REDIS_URL.
 * Throws what is missing when the run has no Redis, so those suites fail saying so instead of on refused connections.
 */
export function testRedisUrl(): string {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  const missing = process.env.PLATFORM_TEST_REDIS_MISSING;
  if (missing) throw new Error(missing);
  return 'redis://127.0.0.1:6379';
}
