// Checks of text the client sent before it reaches Postgres as a typed parameter: a value these accept is
// one Postgres reads without error (a cast that fails would answer INTERNAL_SERVER_ERROR).

const INT4_MAX = 2 ** 31 - 1;
// The largest text Postgres rounds to the largest float4 rather than overflowing.
const FLOAT4_MAX = 3.4028235e38;
// The smallest float4 Postgres reads without rounding it to zero (with margin over the smallest subnormal).
const FLOAT4_MIN = 1e-44;

/** An int4 (`integer`). */
export function isSqlInteger(value: unknown): value is number {
  return Number.isSafeInteger(value) && Math.abs(value as number) <= INT4_MAX;
}

/** A `bigint` that JS numbers hold exactly (ids). */
export function isSqlBigint(value: unknown): value is number {
  return Number.isSafeInteger(value);
}

/** A `numeric` in plain decimal notation (prices), at most 30 digits on either side of the point. */
export function isSqlNumeric(value: unknown): value is string {
  return typeof value === 'string' && /^-?\d{1,30}(\.\d{1,30})?$/.test(value);
}

/** A `real` as Postgres writes one (`0.0607927`, `1e-20`, `3.4e+38`) and reads back without overflow. */
export function isSqlReal(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 32 || !/^-?(\d+(\.\d*)?|\.\d+)(e[-+]?\d{1,3})?$/i.test(value)) return false;
  // Zero only when written as zero: `4e-500` is not zero to Postgres but out of range.
  if (!/[1-9]/.test(value.replace(/e.*$/i, ''))) return true;
  const magnitude = Math.abs(Number(value));
  return magnitude >= FLOAT4_MIN && magnitude <= FLOAT4_MAX;
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?(?:Z|[+-](\d{2})(?::?(\d{2}))?)?$/;

/**
 * A `timestamptz` (or a date) in ISO form, as Postgres writes one (`2026-11-23 10:00:00.123456+00`) or
 * `toISOString` does, naming a day that exists; JS reads it too.
 */
export function isSqlTimestamp(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = TIMESTAMP.exec(value);
  if (!match) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
  const valid =
    year! >= 1 &&
    month! >= 1 &&
    month! <= 12 &&
    day! >= 1 &&
    day! <= daysIn(year!, month!) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59;
  return valid && !Number.isNaN(Date.parse(value));
}

/** Text Postgres stores: well-formed UTF-16 (no lone surrogates) without NUL, at most `maxLength` characters. */
export function isSqlText(value: unknown, maxLength: number): value is string {
  return typeof value === 'string' && value.length <= maxLength && !value.includes('\u0000') && !/\p{Cs}/u.test(value);
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeap(year) ? 1 : 0);
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
