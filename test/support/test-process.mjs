// What every process of `npm test` runs first (`node --import ./test/support/test-process.mjs …`; the runner's child
// processes inherit the flag): the TypeScript hooks, and the runner's start-up made safe.
import { registerHooks } from 'node:module';
import { keepEarlyWorkerData } from './runner-worker-data.mjs';
import { load, resolve } from './typescript-hooks.mjs';

// Synchronous hooks on the loading thread (not `module.register`'s hooks thread, which every import waits on).
registerHooks({ resolve, load });
keepEarlyWorkerData(process);
