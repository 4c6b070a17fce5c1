import { DomainError } from '@platform/errors';
import { filterDay, filterTime } from './filter-values.js';

function refused(read: () => unknown): { parameter?: string; message: string } | 'accepted' {
  try {
    read();
    return 'accepted';
  } catch (error) {
    if (error instanceof DomainError) return { parameter: error.field, message: error.message };
    throw error;
  }
}

// Found by the hostile probe: `date_min=0000-01-01` on payouts reached Postgres (no year 0 there) and answered 500.
describe('REST date filters', () => {
  it.each(['0001-01-01', '2024-02-29', '2026-11-24', '9999-12-31'])('takes the day %s', (text) => {
    expect(filterDay(text, 'date_min')).toBe(text);
  });

  it.each(['0000-01-01', '0000-12-31', '10000-01-01', '+010000-01-01', '-000001-01-01', '2023-02-29', '2024-02-30', '2024-13-01', '2024-00-10', '2024-1-1', '2024-01-01T00:00:00Z', ' 2024-01-01', ''])(
    'refuses the day %j with 400 naming the filter',
    (text) => {
      expect(refused(() => filterDay(text, 'date'))).toEqual({ parameter: 'date', message: 'Invalid value.' });
    },
  );

  it.each([
    ['a day', '2024-01-01', '2024-01-01T00:00:00.000Z'],
    ['the first day of year 1', '0001-01-01', '0001-01-01T00:00:00.000Z'],
    ['the last second of year 9999', '9999-12-31T23:59:59Z', '9999-12-31T23:59:59.000Z'],
    ['an offset', '2024-06-01T10:00:00+05:30', '2024-06-01T04:30:00.000Z'],
    ['an offset without a colon', '2024-06-01T10:00:00-0500', '2024-06-01T15:00:00.000Z'],
    ['fractional seconds (dropped)', '2024-06-01T10:00:00.123456789Z', '2024-06-01T10:00:00.000Z'],
  ])('takes %s as a time', (_case, text, iso) => {
    expect(filterTime(text, 'created_at_min').toISOString()).toBe(iso);
  });

  it.each([
    ['year 0', '0000-01-01'],
    ['year 10000', '10000-01-01'],
    ['an offset that moves year 1 into year 0', '0001-01-01T00:00:00+01:00'],
    ['an offset that moves year 9999 into year 10000', '9999-12-31T23:30:00-01:00'],
    ['25 hours', '2024-01-01T25:00:00Z'],
    ['February 30', '2024-02-30'],
    ['ten fractional digits', '2024-01-01T00:00:00.1234567890Z'],
    ['an offset of 99 hours', '2024-01-01T00:00:00+99:00'],
  ])('refuses %s as a time', (_case, text) => {
    expect(refused(() => filterTime(text, 'updated_at_max'))).toEqual({ parameter: 'updated_at_max', message: 'Invalid value.' });
  });
});
