// Child process for redis-concurrency.spec.ts: a separate Node process taking from the same Redis bucket.
// Protocol: prints "ready" once connected, waits for "go" on stdin, fires TAKES takes at once, prints {"allowed":n}.
import { registerHooks } from 'node:module';

// The sources import './x.js' (TypeScript's ESM convention) and platform packages by name (tsconfig's paths); run
// their .ts files with Node's type stripping.
registerHooks({
  resolve(specifier, context, nextResolve) {
    const platform = /^@platform\/([a-z-]+)$/.exec(specifier);
    if (platform) return nextResolve(new URL(`../../../libs/platform/${platform[1]}/index.ts`, import.meta.url).href, context);
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (error.code !== 'ERR_MODULE_NOT_FOUND' || !specifier.startsWith('.') || !specifier.endsWith('.js')) throw error;
      return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
    }
  },
});

const { RedisBucketStore } = await import('../../../libs/platform/throttling/redis-bucket.store.ts');
const { REDIS_URL, PREFIX, KEY, TAKES, CAPACITY, LEAK_PER_SECOND } = process.env;
const cfg = { capacity: Number(CAPACITY), leakPerSecond: Number(LEAK_PER_SECOND) };

const store = new RedisBucketStore({ url: REDIS_URL, keyPrefix: PREFIX, timeoutMs: 2_000 });
await store.peek(KEY, cfg); // connected and script loaded before the race starts
process.stdout.write('ready\n');

process.stdin.once('data', async () => {
  const results = await Promise.all(Array.from({ length: Number(TAKES) }, () => store.take(KEY, cfg, 1)));
  process.stdout.write(`${JSON.stringify({ allowed: results.filter((r) => r.allowed).length })}\n`);
  await store.close();
  process.exit(0);
});
