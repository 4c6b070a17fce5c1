import fc from 'fast-check';
import { MAX_CURSOR_TEXT, cursorCodec } from '@platform/paging';
import { withAdminClient } from '../../support/test-database.js';

// What a cursor accepts reaches Postgres as a typed parameter: every value the codec lets through must be one
// Postgres reads without error (an error there would answer INTERNAL_SERVER_ERROR). Checked on a real server
// with generated values near every edge (fixed seed, so a failure reproduces).

const SEED = { seed: 20261124, numRuns: 300 };
const pad = (n: number, width: number) => String(n).padStart(width, '0');

// Timestamps around every edge: impossible days, hours, offsets, year 0, separators, fractions.
const timestamp = fc
  .record({
    year: fc.integer({ min: 0, max: 10_000 }),
    month: fc.integer({ min: 0, max: 13 }),
    day: fc.integer({ min: 0, max: 32 }),
    time: fc.option(fc.tuple(fc.constantFrom('T', ' '), fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 }), fc.integer({ min: 0, max: 61 }))),
    fraction: fc.option(fc.stringMatching(/^\d{1,8}$/)),
    offset: fc.option(fc.oneof(fc.constant('Z'), fc.tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 17 }), fc.integer({ min: 0, max: 61 })).map(([s, h, m]) => `${s}${pad(h, 2)}:${pad(m, 2)}`))),
  })
  .map(({ year, month, day, time, fraction, offset }) => {
    const date = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
    const clock = time ? `${time[0]}${pad(time[1], 2)}:${pad(time[2], 2)}:${pad(time[3], 2)}${fraction ? `.${fraction}` : ''}` : '';
    return `${date}${clock}${offset ?? ''}`;
  });
const real = fc.oneof(
  fc.double().map(String),
  fc.float().map(String),
  fc.stringMatching(/^-?\d{1,3}(\.\d{0,9})?(e[-+]?\d{1,3})?$/),
);
const numeric = fc.oneof(fc.stringMatching(/^-?\d{1,35}(\.\d{1,35})?$/), fc.double().map(String));
const integer = fc.oneof(fc.integer(), fc.double(), fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }).map(Number));
const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 50 }), fc.string({ unit: 'binary', minLength: MAX_CURSOR_TEXT - 5, maxLength: MAX_CURSOR_TEXT + 5 }));

describe('cursor values reach Postgres only when it reads them', () => {
  it.each<[string, 'timestamptz' | 'real' | 'numeric' | 'integer' | 'bigint' | 'text', fc.Arbitrary<unknown>]>([
    ['timestamptz', 'timestamptz', timestamp],
    ['real', 'real', real],
    ['numeric', 'numeric', numeric],
    ['integer', 'integer', integer],
    ['bigint', 'bigint', integer],
    ['text', 'text', text],
  ])('%s', async (_name, type, values) => {
    const codec = cursorCodec({ connection: 'test', sortKey: type }, [type]);
    const tag = JSON.parse(Buffer.from(codec.encode([type === 'integer' || type === 'bigint' ? 1 : 'x']), 'base64url').toString())[0];
    let accepted = 0;
    await withAdminClient(async (db) => {
      await fc.assert(
        fc.asyncProperty(values, async (value) => {
          const cursor = Buffer.from(JSON.stringify([tag, value])).toString('base64url');
          let decoded: unknown;
          try {
            [decoded] = codec.decode(cursor, 'after');
          } catch {
            return;
          }
          accepted++;
          await db.query(`select $1::${type}`, [decoded]);
        }),
        SEED,
      );
    });
    // The generators reach both sides of the checks.
    expect(accepted).toBeGreaterThan(10);
    expect(accepted).toBeLessThan(SEED.numRuns);
  });
});
