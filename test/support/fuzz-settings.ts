import type { LimitOverrides } from '@platform/throttling';

// The fuzz suites run on every `npm test` with a fixed seed and few runs; `npm run fuzz` (scripts/fuzz.mjs)
// sets FUZZ_RUNS and a random FUZZ_SEED, prints the seed, and the same suites run many more cases. A failure
// prints fast-check's counterexample with its seed and path; FUZZ_SEED=<seed> FUZZ_RUNS=<runs> replays it.

const FIXED_SEED = 20_261_123;

export interface FuzzSettings {
  seed: number;
  /** Cases per property. */
  runs: number;
  /** Jest's timeout and fast-check's parameters for a property whose cases take up to `msPerRun` each. */
  budget(msPerRun: number): { timeout: number; parameters: PropertyParameters };
}

/** fast-check parameters that fit any property. */
export interface PropertyParameters {
  seed: number;
  numRuns: number;
  interruptAfterTimeLimit: number;
  markInterruptAsFailure: boolean;
}

/** The seed and number of runs from FUZZ_SEED and FUZZ_RUNS, else the fixed seed and `defaultRuns`. */
export function fuzzSettings(defaultRuns: number): FuzzSettings {
  const seed = integerFromEnv('FUZZ_SEED') ?? FIXED_SEED;
  const runs = integerFromEnv('FUZZ_RUNS') ?? defaultRuns;
  return {
    seed,
    runs,
    budget(msPerRun) {
      const timeout = Math.max(60_000, runs * msPerRun);
      // A property that runs out of time fails with fast-check's report (and the counterexample it shrank so
      // far) rather than with Jest's bare timeout.
      return { timeout, parameters: { seed, numRuns: runs, interruptAfterTimeLimit: timeout - 15_000, markInterruptAsFailure: true } };
    },
  };
}

function integerFromEnv(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, got ${JSON.stringify(raw)}`);
  return value;
}

const RAISED = { capacity: 1e9, leakPerSecond: 1e9 };

/** Every rate limit raised out of reach: a fuzz suite sends thousands of requests, and a 429 would hide the answer it tests. */
export const UNTHROTTLED: LimitOverrides = {
  rest: RAISED,
  adminGraphql: RAISED,
  storefront: RAISED,
  checkoutCreationsPerMinute: 1e9,
  customerLogin: { perEmail: RAISED, perIp: RAISED },
};
