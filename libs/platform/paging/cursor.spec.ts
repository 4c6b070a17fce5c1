import fc from 'fast-check';
import { MAX_CURSOR_LENGTH, MAX_CURSOR_TEXT, type CursorValueType, cursorCodec } from './cursor.js';
import { pageRequest } from './page-request.js';

const scope = (connection: string, sortKey: string) => ({ connection, sortKey });
// A cursor with the tag of `cursor` and other values, as a client could make one.
const forged = (cursor: string, ...values: unknown[]) =>
  Buffer.from(JSON.stringify([JSON.parse(Buffer.from(cursor, 'base64url').toString())[0], ...values])).toString('base64url');
const SEED = { seed: 20261124, numRuns: 500 };

describe('cursor codec', () => {
  it('round-trips values as an opaque, compact string', () => {
    const codec = cursorCodec(scope('products', 'TITLE'), ['text', 'bigint']);
    const cursor = codec.encode(['Blue shirt', 42]);
    expect(cursor).not.toContain('Blue');
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(codec.decode(cursor, 'after')).toEqual(['Blue shirt', 42]);
    expect(cursorCodec(scope('products', 'ID'), ['bigint']).encode([123456]).length).toBeLessThanOrEqual(24);
  });

  it('gives the values of a page request, naming its argument when refused', () => {
    const codec = cursorCodec(scope('products', 'ID'), ['bigint']);
    expect(codec.positionOf(pageRequest({ first: 1 }))).toBeNull();
    expect(codec.positionOf(pageRequest({ first: 1, after: '' }))).toBeNull();
    expect(codec.positionOf(pageRequest({ first: 1, after: codec.encode([5]) }))).toEqual([5]);
    expect(() => codec.positionOf(pageRequest({ last: 1, before: 'nope' }))).toThrow(
      expect.objectContaining({ kind: 'UNPROCESSABLE', message: 'Invalid cursor for before', field: 'before', extensions: { argument: 'before' } }),
    );
  });

  it('refuses the cursors of another connection, sort key or value types', () => {
    const titles = cursorCodec(scope('products', 'TITLE'), ['text', 'bigint']);
    const others = [
      cursorCodec(scope('collection.products', 'TITLE'), ['text', 'bigint']),
      cursorCodec(scope('products', 'VENDOR'), ['text', 'bigint']),
      cursorCodec(scope('articles', 'TITLE'), ['text', 'bigint']),
    ];
    for (const other of others) expect(() => titles.decode(other.encode(['M', 1]), 'after')).toThrow('Invalid cursor for after');
    // RELEVANCE without a query orders by id, with another cursor than with one.
    const rankless = cursorCodec(scope('products', 'RELEVANCE'), ['bigint']);
    const ranked = cursorCodec(scope('products', 'RELEVANCE'), ['real', 'bigint']);
    expect(() => ranked.decode(rankless.encode([3]), 'after')).toThrow('Invalid cursor for after');
  });

  it.each<[string, CursorValueType, unknown[], unknown[]]>([
    ['integer', 'integer', [0, -3, 2 ** 31 - 1], [2 ** 31, 1.5, '3', null, true]],
    ['bigint', 'bigint', [1, Number.MAX_SAFE_INTEGER], [2 ** 53, 1.5, '7', 1e300, null]],
    ['numeric', 'numeric', ['19.99', '0', '-1.5', '1000000000012.00'], ['abc', '1e5', '1.', '.5', '１２', 19.99, '9'.repeat(31), '']],
    ['real', 'real', ['0.0607927', '1e-20', '3.4e+38', '-9.97', '0', '1e-40'], ['1e-50', '4e-500', '4e38', 'NaN', 'Infinity', 'abc', 0.5, '1'.repeat(40)]],
    [
      'timestamptz',
      'timestamptz',
      ['2026-11-23 10:00:00.123456+00', '2024-02-29T00:00:00.000Z', '2024-01-01 10:00:00+05:30', '2024-01-01'],
      ['2024-02-30 00:00:00+00', '2023-02-29', '2024-13-01', '2024-01-01 25:00:00+00', '2024-01-01 00:00:00+16:00', '0000-01-01', 'yesterday', 1700000000000, '2024-01-01x'],
    ],
    ['text', 'text', ['', 'Blue shirt', 'x'.repeat(MAX_CURSOR_TEXT), 'émoji 😀'], ['x'.repeat(MAX_CURSOR_TEXT + 1), 'nul\u0000', 'lone \ud800', 5, null]],
    ['enum', ['PAGE', 'PRODUCT'], ['PAGE', 'PRODUCT'], ['COLLECTION', 'page', 1]],
  ])('checks %s values: accepts those Postgres reads, refuses the rest', (_name, type, good, bad) => {
    const codec = cursorCodec(scope('test', 'KEY'), [type, 'bigint']);
    const cursor = codec.encode([typeof good[0] === 'number' ? 1 : 'x', 1]);
    for (const value of good) expect(codec.decode(forged(cursor, value, 1), 'after')).toEqual([value, 1]);
    for (const value of bad) expect(() => codec.decode(forged(cursor, value, 1), 'after')).toThrow('Invalid cursor for after');
  });

  // Regression found by the real-server property test (sql-values.spec.ts): `4e-500` is zero to JS but out of
  // range to Postgres, which refuses a nonzero real that rounds to zero.
  it('refuses a real that Postgres would round to zero', () => {
    const codec = cursorCodec(scope('search', 'RELEVANCE'), ['real']);
    const cursor = codec.encode(['0']);
    expect(codec.decode(forged(cursor, '0.000e-500'), 'after')).toEqual(['0.000e-500']);
    expect(() => codec.decode(forged(cursor, '4e-500'), 'after')).toThrow('Invalid cursor for after');
  });

  it.each([
    ['not base64url', 'a+b/c='],
    ['not JSON', Buffer.from('[1,').toString('base64url')],
    ['not an array', Buffer.from('{"a":1}').toString('base64url')],
    ['too long', 'A'.repeat(MAX_CURSOR_LENGTH + 1)],
    ['empty', ''],
  ])('refuses a cursor that is %s', (_name, cursor) => {
    expect(() => cursorCodec(scope('products', 'ID'), ['bigint']).decode(cursor, 'after')).toThrow('Invalid cursor for after');
  });

  it('refuses values missing or in excess', () => {
    const codec = cursorCodec(scope('products', 'TITLE'), ['text', 'bigint']);
    const cursor = codec.encode(['M', 1]);
    expect(() => codec.decode(forged(cursor, 'M'), 'after')).toThrow('Invalid cursor for after');
    expect(() => codec.decode(forged(cursor, 'M', 1, 2), 'after')).toThrow('Invalid cursor for after');
  });

  it('decodes every cursor it encodes, texts of the longest length included (property)', () => {
    const codec = cursorCodec(scope('products', 'TITLE'), ['text', 'bigint']);
    const text = fc.string({ unit: 'binary', maxLength: MAX_CURSOR_TEXT }).filter((t) => !t.includes('\u0000') && !/\p{Cs}/u.test(t));
    fc.assert(
      fc.property(text, fc.nat({ max: Number.MAX_SAFE_INTEGER }), (title, id) => {
        const cursor = codec.encode([title, id]);
        expect(cursor.length).toBeLessThanOrEqual(MAX_CURSOR_LENGTH);
        expect(codec.decode(cursor, 'after')).toEqual([title, id]);
      }),
      SEED,
    );
    // The worst case: every character escaped as \u00XX in JSON.
    const escaped = '\u0001'.repeat(MAX_CURSOR_TEXT);
    expect(codec.decode(codec.encode([escaped, Number.MAX_SAFE_INTEGER]), 'after')).toEqual([escaped, Number.MAX_SAFE_INTEGER]);
  });

  it('never throws anything but "Invalid cursor" on any string (property)', () => {
    const codec = cursorCodec(scope('products', 'CREATED_AT'), ['timestamptz', 'bigint']);
    const anyCursor = fc.oneof(fc.string({ unit: 'binary' }), fc.base64String(), fc.json().map((json) => Buffer.from(json).toString('base64url')));
    fc.assert(
      fc.property(anyCursor, (cursor) => {
        try {
          codec.decode(cursor, 'after');
        } catch (error) {
          expect((error as Error).message).toBe('Invalid cursor for after');
        }
      }),
      SEED,
    );
  });
});
