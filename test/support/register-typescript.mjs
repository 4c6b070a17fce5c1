// `node --import ./test/support/register-typescript.mjs …`: installs the TypeScript hooks in this thread and in
// every worker thread started from it.
import { register } from 'node:module';

register('./typescript-hooks.mjs', import.meta.url);
