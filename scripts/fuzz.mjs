// `npm run fuzz [-- <file pattern>…]`: the suites of test/fuzz/ with many more cases than `npm test` runs, from a
// random seed printed first. FUZZ_RUNS sets the cases per property (default 1,000); FUZZ_SEED=<seed> replays a
// run. A failure also prints fast-check's seed and path of the counterexample.
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';

const seed = process.env.FUZZ_SEED || String(randomInt(2 ** 31 - 1));
const runs = process.env.FUZZ_RUNS || '1000';
const patterns = process.argv.slice(2).map((pattern) => `test/fuzz/.*${pattern}`);
console.log(`fuzz: seed ${seed}, ${runs} cases per property; replay with FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz`);
const jest = spawnSync(
  process.execPath,
  ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', ...(patterns.length > 0 ? patterns : ['test/fuzz/'])],
  { stdio: 'inherit', env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs } },
);
console.log(`fuzz: seed ${seed}, ${runs} cases per property`);
process.exit(jest.status ?? 1);
