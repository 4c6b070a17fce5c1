import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { API_NODE_FLAGS, processEnvPrefix } from './heap-policy.js';

// The young generation's size after a burst of short-lived garbage, in MiB, in a node started with `flags`.
function youngGenerationMiB(flags: readonly string[]): number {
  const script = `
    let keep = [];
    for (let i = 0; i < 2e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 5e4) keep = []; }
    const space = require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    process.stdout.write(String(space.space_size / 1048576));`;
  return Number(execFileSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8' }));
}

describe('the API process flags', () => {
  it('are the flags and environment npm start runs the API with, and npm run worker the worker', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toBe(`${processEnvPrefix()} node ${API_NODE_FLAGS.join(' ')} dist/apps/api/main.js`);
    expect(scripts.worker).toBe(`${processEnvPrefix()} node dist/apps/worker/main.js`);
  });

  it('keep the young generation at 16 MiB, below what V8 picks for a machine with memory to spare', () => {
    const bounded = youngGenerationMiB(API_NODE_FLAGS);
    expect(bounded).toBeLessThanOrEqual(16);
    // V8's own choice follows the machine's memory (32 MiB on this repository's 24 GiB machine).
    expect(bounded).toBeLessThanOrEqual(youngGenerationMiB([]));
  });
});
