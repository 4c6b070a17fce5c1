import fc from 'fast-check';
import { filterDay, filterTime } from '@platform/rest';
import { withAdminClient } from '../../support/test-database.js';

// What a REST date filter accepts reaches Postgres as a typed parameter: every value let through must be one
// Postgres reads without error (an error there answered 500: `date_min=0000-01-01` on payouts). Checked on a real
// server with generated values near every edge (fixed seed, so a failure reproduces).

const SEED = { seed: 20261128, numRuns: 300 };
const pad = (n: number, width: number) => String(n).padStart(width, '0');

// Days and times around every edge: year 0 and 10000, impossible days and hours, offsets, fractions.
const day = fc
  .record({ year: fc.oneof(fc.integer({ min: 0, max: 10_001 }), fc.constantFrom(0, 1, 9999, 10_000)), month: fc.integer({ min: 0, max: 13 }), date: fc.integer({ min: 0, max: 32 }) })
  .map(({ year, month, date }) => `${pad(year, 4)}-${pad(month, 2)}-${pad(date, 2)}`);
const time = fc
  .record({
    day,
    clock: fc.option(fc.tuple(fc.constantFrom('T', ' '), fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 }), fc.integer({ min: 0, max: 61 }))),
    fraction: fc.option(fc.stringMatching(/^\d{1,10}$/)),
    offset: fc.option(fc.oneof(fc.constant('Z'), fc.tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 }), fc.boolean()).map(([s, h, m, colon]) => `${s}${pad(h, 2)}${colon ? ':' : ''}${pad(m, 2)}`))),
  })
  .map(({ day, clock, fraction, offset }) => `${day}${clock ? `${clock[0]}${pad(clock[1], 2)}:${pad(clock[2], 2)}:${pad(clock[3], 2)}${fraction ? `.${fraction}` : ''}${offset ?? ''}` : ''}`);

async function acceptedAreRead(values: fc.Arbitrary<string>, read: (text: string) => string, type: 'date' | 'timestamptz'): Promise<number> {
  let accepted = 0;
  await withAdminClient(async (db) => {
    await fc.assert(
      fc.asyncProperty(values, async (text) => {
        let value: string;
        try {
          value = read(text);
        } catch {
          return;
        }
        accepted++;
        await db.query(`select $1::${type}`, [value]);
      }),
      SEED,
    );
  });
  return accepted;
}

describe('REST date filters reach Postgres only when it reads them', () => {
  it('days (payouts date, date_min, date_max)', async () => {
    const accepted = await acceptedAreRead(fc.oneof(day, fc.constantFrom('0000-01-01', '0001-01-01', '9999-12-31', '10000-01-01')), (text) => filterDay(text, 'date'), 'date');
    expect(accepted).toBeGreaterThan(10);
    expect(accepted).toBeLessThan(SEED.numRuns);
  });

  it('times (created_at_min and the other *_min/*_max)', async () => {
    const accepted = await acceptedAreRead(time, (text) => filterTime(text, 'created_at_min').toISOString(), 'timestamptz');
    expect(accepted).toBeGreaterThan(10);
    expect(accepted).toBeLessThan(SEED.numRuns);
  });
});
