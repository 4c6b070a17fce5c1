import fc from 'fast-check';
import { anySearchQuery } from '../../libs/platform/search-syntax/testing/search-queries.js';

// Values an attacker puts where the APIs expect an id, a cursor, a page size or a piece of text: the fuzz
// suites draw arguments, variables, REST parameters and bodies from these.

/** Identifiers the suites learn from the seeded shops before generating anything. */
export interface KnownIdentifiers {
  /** Global ids of the shop under test. */
  ownIds: string[];
  /** Global ids of another shop in the same deployment. */
  foreignIds: string[];
  /** Handles of both shops' objects. */
  handles: string[];
  /** Cursors both shops gave out, of any list and sort. */
  cursors: string[];
  /** Customer access tokens of both shops' logged-in customers, and those customers' emails. */
  customerTokens: string[];
  emails: string[];
}

const LONG = 'x'.repeat(5_000);

// Text that has broken parsers, SQL, JSON, templates and Unicode handling somewhere.
const NASTY_STRINGS = [
  '',
  ' ',
  '\t\n\r',
  'a',
  '0',
  '-1',
  '1e400',
  'NaN',
  'null',
  'undefined',
  'true',
  '__proto__',
  'constructor',
  '{}',
  '[]',
  '{"a":1}',
  "' OR 1=1 --",
  '"; DROP TABLE products; --',
  '\\',
  '\\u0000',
  '%00',
  '%',
  '%%',
  '$1',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'é',
  'e\u0301',
  'Ω≈ç√∫',
  '😀',
  '👩‍👩‍👧‍👦',
  '\u202Eevil',
  '\uFEFF',
  '\u2028\u2029',
  '\uD800',
  'a\uDC00b',
  // Ill-formed UTF-16 of every shape: two highs, a reversed pair, a high at the end, a low at the start.
  '\uDBFF\uDBFF',
  '\uDE00\uD83D',
  'ok\uD83D',
  '\uDFFFok',
  'prototype',
  'hasOwnProperty',
  'toString',
  '\u0000',
  'a\u0000b',
  '\u0001\u001F\u007F',
  'ﷺ',
  '𝕳𝖊𝖑𝖑𝖔',
  'gid://platform/Product/1',
  '2024-02-30T25:61:61Z',
  '2024-01-01',
  '9999-12-31T23:59:59Z',
  '-0',
  '99999999999999999999999',
  '0.000000000000000000001',
  LONG,
];

/** Text with one lone surrogate (a high one not followed by a low one, or a low one alone) somewhere in it. */
export const illFormedString: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 10 }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 10 }))
  .map(([before, unit, after]) => `${before}${String.fromCharCode(unit)}${after}`); // fc.string is ASCII: no pair forms

/** Text of every kind, from the empty string to 200,000 characters, with and without NUL bytes or lone surrogates. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: illFormedString },
  { weight: 6, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 4, arbitrary: anySearchQuery },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'y'.repeat(n)) },
);

const INT_EDGES = [0, 1, -1, 2, 10, 100, 249, 250, 251, 1_000, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, 2 ** 32, 2 ** 53 - 1, 2 ** 53, -(2 ** 53), 1e20];

/** Whole numbers, mostly at the edges of what Int, int4, bigint and JavaScript can hold. */
export const hostileInt: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...INT_EDGES) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.maxSafeInteger() },
);

/** A page size for `first`/`last`/`limit`: mostly small, often at or past the limits, sometimes negative. */
export const pageSize: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 10 }) },
  { weight: 3, arbitrary: fc.constantFrom(-1, 0, 249, 250, 251, 1_000, 2 ** 31 - 1, -(2 ** 31)) },
  { weight: 1, arbitrary: hostileInt },
);

export const hostileFloat: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, 0.5, -1.5, 1e-300, 1e300, Number.MAX_VALUE, Number.MIN_VALUE, 2 ** 53 + 0.5),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Decimal text and numbers as money arguments get them. */
export const hostileDecimal: fc.Arbitrary<string | number> = fc.oneof(
  fc.constantFrom('0', '19.99', '-1', '1e5', '0.0000001', '99999999999999999999999999999999.99', '1.2.3', 'abc', ''),
  hostileFloat,
);

// Days Postgres has (years 1 to 9999) and has not (year 0, 10000), and days that do not exist.
const EDGE_DAYS = ['0000-01-01', '0000-12-31', '0001-01-01', '9999-12-31', '10000-01-01', '+010000-01-01', '-000001-01-01', '2024-02-29', '2023-02-29', '2024-02-30'];

/** Day text (`YYYY-MM-DD` and near misses), mostly at the edges of the calendar and of Postgres' range. */
export const hostileDay: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_DAYS) },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)) },
);

/** Date and time text, valid and not: out-of-range years (0, 10000) alone or reached through an offset, fractional seconds, offsets. */
export const hostileDateTime: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '2024-01-01T00:00:00Z',
    '2024-02-30T00:00:00Z',
    '0000-00-00',
    '275760-09-13T00:00:00Z',
    'yesterday',
    '2024-01-01T00:00:00+99:00',
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:00:00+01:00',
    '9999-12-31T23:59:59Z',
    '9999-12-31T23:59:59-01:00',
    '10000-01-01T00:00:00Z',
    '2024-01-01T00:00:00.5Z',
    '2024-01-01T00:00:00.123456789+05:30',
    '2024-01-01T00:00:00.1234567890Z',
    '2024-01-01 10:00:00-0500',
    '2024-01-01T24:00:00Z',
  ),
  hostileDay,
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);

export const hostileUrl: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('https://example.com/a.png', 'http://127.0.0.1/', 'file:///etc/passwd', 'javascript:alert(1)', 'https://', '//x', 'not a url'),
  fc.webUrl(),
);

/** Global ids: the shop's own, another shop's, and malformed ones of every sort. */
export function hostileId(known: KnownIdentifiers): fc.Arbitrary<string | number> {
  const malformed = fc.oneof(
    fc.constantFrom(
      'gid://platform/Product/0',
      'gid://platform/Product/-1',
      'gid://platform/Product/1.5',
      'gid://platform/Product/9007199254740993',
      'gid://platform/Product/99999999999999999999',
      'gid://platform/Product/',
      'gid://platform//1',
      'gid://platform/Nope/1',
      'gid://other/Product/1',
      'gid://platform/Product/1?x=1',
      'gid://platform/Product/1/2',
      'Z2lkOi8vcGxhdGZvcm0vUHJvZHVjdC8x',
      'Product/1',
      '1',
      '',
      '%00',
    ),
    fc.nat().map((n) => `gid://platform/${['Product', 'ProductVariant', 'Collection', 'Customer', 'Page', 'Article', 'Blog', 'Menu', 'Metaobject', 'Shop'][n % 10]}/${n}`),
    fc.integer(),
    hostileString,
  );
  return fc.oneof(
    { weight: 3, arbitrary: nonEmptyFrom(known.ownIds, malformed) },
    { weight: 2, arbitrary: nonEmptyFrom(known.foreignIds, malformed) },
    { weight: 2, arbitrary: malformed },
  );
}

/** Handles: real ones of both shops, near misses, and text. */
export function hostileHandle(known: KnownIdentifiers): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: nonEmptyFrom(known.handles, hostileString) },
    { weight: 1, arbitrary: nonEmptyFrom(known.handles, hostileString).map((h) => `${h}-`) },
    { weight: 2, arbitrary: hostileString },
  );
}

/** Cursors: ones the shops gave out (of any list), made-up base64url JSON, and garbage. */
export function hostileCursor(known: KnownIdentifiers): fc.Arbitrary<string> {
  const forged = fc
    .array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 })), { maxLength: 4 })
    .map((values) => Buffer.from(JSON.stringify(values)).toString('base64url'));
  return fc.oneof(
    { weight: 3, arbitrary: nonEmptyFrom(known.cursors, forged) },
    { weight: 2, arbitrary: forged },
    { weight: 1, arbitrary: fc.constantFrom('', '=', 'not base64!', 'W10', 'bnVsbA', 'x'.repeat(40_000), Buffer.from('{"a":1}').toString('base64url')) },
    { weight: 1, arbitrary: hostileString },
  );
}

/** Customer access tokens: logged-in customers' of both shops, and made-up ones. */
export function hostileCustomerToken(known: KnownIdentifiers): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: nonEmptyFrom(known.customerTokens, hostileString) },
    { weight: 1, arbitrary: fc.constantFrom('0'.repeat(32), 'f'.repeat(64), '') },
    { weight: 1, arbitrary: hostileString },
  );
}

/** Emails: customers' of both shops, well-formed new ones and text that is not an email. */
export function hostileEmail(known: KnownIdentifiers): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: nonEmptyFrom(known.emails, hostileString) },
    { weight: 2, arbitrary: fc.emailAddress() },
    { weight: 1, arbitrary: nonEmptyFrom(known.emails, hostileString).map((email) => ` ${email.toUpperCase()} `) },
    { weight: 1, arbitrary: fc.constantFrom('a@b', '@', 'a@@b.c', 'x'.repeat(300) + '@example.com', 'a\u0000@b.c') },
    { weight: 1, arbitrary: hostileString },
  );
}

export const hostilePhone: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('+15555550123', '+4915112345678', '555', '+1', '+999999999999999999', 'phone', '+1 (555) 555-0123'),
  fc.stringMatching(/^\+[0-9]{1,16}$/),
  hostileString,
);

/** JSON values nested up to `levels` deep (past the 64-level body limit when asked), as parsed JSON. */
export function nestedJson(levels: number, leaf: unknown = 'x'): unknown {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = i % 2 === 0 ? [value] : { k: value };
  return value;
}

/** Keys that name members of Object.prototype (or set the prototype) where a lookup on a plain object would find them. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf', 'isPrototypeOf'];

/** An object whose keys are prototype names, each an own property (`JSON.stringify` writes `__proto__` as a key). */
export function prototypeKeyed(value: fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  return fc.array(fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS), value), { minLength: 1, maxLength: 3 }).map((entries) => Object.fromEntries(entries));
}

/** Any JSON a client could send where a value is expected, including deep, huge, NUL-bearing and prototype-keyed ones. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: prototypeKeyed(fc.oneof(fc.jsonValue({ maxDepth: 1 }), fc.constantFrom('a\u0000', '\ud800'))) },
  { weight: 2, arbitrary: hostileString },
  { weight: 1, arbitrary: hostileInt },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 100 }).map((levels) => nestedJson(levels)) },
  { weight: 1, arbitrary: fc.constantFrom(250, 251, 5_000).map((n) => Array.from({ length: n }, (_, i) => i)) },
);

function nonEmptyFrom<T, U>(values: readonly T[], fallback: fc.Arbitrary<U>): fc.Arbitrary<T | U> {
  return values.length > 0 ? fc.constantFrom(...values) : fallback;
}
