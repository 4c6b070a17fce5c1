import 'reflect-metadata';
import { loadConfig } from '@platform/config';
import { createLogger } from '@platform/logging';
import { applyHeapPolicy } from '../apps/api/heap-policy.js';
import { createBenchApi } from './platform-api.js';

// The platform server under load: the production build, one process, the plan's own limits; BENCH_THROTTLE=off
// leaves the throttle steps out (scenario 8 measures what they cost), BENCH_LIMITS=raised raises every limit (for
// profiling with load from one address, docs/performance.md).
applyHeapPolicy(); // as apps/api/main.ts does
const config = loadConfig();
const app = await createBenchApi(config, createLogger(config.logLevel), process.env.BENCH_THROTTLE !== 'off', process.env.BENCH_LIMITS === 'raised' ? 'raised' : 'plan');
await app.listen(config.port, config.host);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
// The soak starts this process with an IPC channel and asks it for its memory every 10 s: a pipe to the bench
// alone, no port, nothing the platform's own entry (apps/api/main.ts) has. Without the channel, nothing listens.
if (process.send) {
  process.on('message', (message) => {
    if (message === 'memory') process.send!({ memory: process.memoryUsage() });
  });
  process.channel?.unref();
}
