import fc from 'fast-check';
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, fileAnswer, ifRangeHolds, noneMatchHits, rangeProblem, rangeWithin, requestedRange } from './file-response.rules.js';

const SEED = { seed: 20261201, numRuns: 2000 };
const FILE = { size: 1000, contentType: 'image/png', etag: '"abc"', access: 'public' as const };

describe('requestedRange', () => {
  it.each([
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=500-', { kind: 'partial', start: 500, end: 999 }],
    ['bytes=-100', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=990-5000', { kind: 'partial', start: 990, end: 999 }],
    ['bytes=999-999', { kind: 'partial', start: 999, end: 999 }],
    ['BYTES=1-2', { kind: 'partial', start: 1, end: 2 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=1000-2000', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    // Ignored: the whole file.
    ['bytes=5-1', { kind: 'whole' }],
    ['bytes=0-1,5-6', { kind: 'whole' }],
    ['bytes=-', { kind: 'whole' }],
    ['items=0-1', { kind: 'whole' }],
    ['bytes=a-b', { kind: 'whole' }],
    ['bytes=0x10-', { kind: 'whole' }],
    ['bytes=1234567890123456-', { kind: 'whole' }],
    ['', { kind: 'whole' }],
  ])('reads %j against 1000 bytes', (header, expected) => {
    expect(requestedRange(header, 1000)).toEqual(expected);
  });

  it('finds nothing to serve in an empty file', () => {
    expect(requestedRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(requestedRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(requestedRange(undefined, 0)).toEqual({ kind: 'whole' });
    expect(requestedRange(['bytes=0-1', 'bytes=2-3'], 10)).toEqual({ kind: 'whole' });
  });

  it('serves only bytes the file has, at least one, whatever the header', () => {
    const header = fc.oneof(
      fc.tuple(fc.option(fc.nat({ max: 5000 }), { nil: undefined }), fc.option(fc.nat({ max: 5000 }), { nil: undefined })).map(([a, b]) => `bytes=${a ?? ''}-${b ?? ''}`),
      fc.string({ maxLength: 30 }),
    );
    fc.assert(
      fc.property(header, fc.nat({ max: 3000 }), (text, size) => {
        const range = requestedRange(text, size);
        if (range.kind !== 'partial') return;
        expect(range.start).toBeGreaterThanOrEqual(0);
        expect(range.end).toBeGreaterThanOrEqual(range.start);
        expect(range.end).toBeLessThan(size);
      }),
      SEED,
    );
  });
});

describe('entity tags', () => {
  it('matches If-None-Match weakly, in a list, or as *', () => {
    expect(noneMatchHits('"abc"', '"abc"')).toBe(true);
    expect(noneMatchHits('W/"abc"', '"abc"')).toBe(true);
    expect(noneMatchHits('"x", "abc"', '"abc"')).toBe(true);
    expect(noneMatchHits('"a,b", "c"', '"a,b"')).toBe(true);
    expect(noneMatchHits('*', '"abc"')).toBe(true);
    expect(noneMatchHits('"abcd"', '"abc"')).toBe(false);
    expect(noneMatchHits('abc', '"abc"')).toBe(false);
    expect(noneMatchHits(undefined, '"abc"')).toBe(false);
  });

  it('lets a Range apply under If-Range only for the same strong tag', () => {
    expect(ifRangeHolds(undefined, '"abc"')).toBe(true);
    expect(ifRangeHolds('"abc"', '"abc"')).toBe(true);
    expect(ifRangeHolds('W/"abc"', '"abc"')).toBe(false);
    expect(ifRangeHolds('"old"', '"abc"')).toBe(false);
    expect(ifRangeHolds('Wed, 21 Oct 2015 07:28:00 GMT', '"abc"')).toBe(false);
  });
});

describe('fileAnswer', () => {
  it('serves a public file whole, cached as immutable, with its length, tag and ranges', () => {
    expect(fileAnswer({ method: 'GET', headers: {} }, FILE)).toEqual({
      status: 200,
      headers: {
        etag: '"abc"',
        'cache-control': PUBLIC_CACHE_CONTROL,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        'accept-ranges': 'bytes',
        'content-type': 'image/png',
        'content-length': '1000',
      },
      read: {},
    });
    expect(PUBLIC_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
  });

  it('keeps a private file out of caches and Referer headers', () => {
    const answer = fileAnswer({ method: 'GET', headers: {} }, { ...FILE, access: 'private' });
    expect(answer.headers).toMatchObject({ 'cache-control': PRIVATE_CACHE_CONTROL, 'referrer-policy': 'no-referrer' });
  });

  it('answers a range with 206 and Content-Range, and one the file lacks with 416', () => {
    expect(fileAnswer({ method: 'GET', headers: { range: 'bytes=10-19' } }, FILE)).toMatchObject({
      status: 206,
      headers: { 'content-range': 'bytes 10-19/1000', 'content-length': '10', 'content-type': 'image/png' },
      read: { range: { start: 10, end: 19 } },
    });
    const refused = fileAnswer({ method: 'GET', headers: { range: 'bytes=1000-' } }, FILE);
    expect(refused).toMatchObject({ status: 416, headers: { 'content-range': 'bytes */1000' } });
    expect(refused.read).toBeUndefined();
    expect(refused.headers['content-type']).toBeUndefined();
  });

  it('answers 304 when the client holds the tag, before any range', () => {
    const answer = fileAnswer({ method: 'GET', headers: { 'if-none-match': '"abc"', range: 'bytes=0-1' } }, FILE);
    expect(answer).toEqual({ status: 304, headers: expect.objectContaining({ etag: '"abc"', 'cache-control': PUBLIC_CACHE_CONTROL }) });
  });

  it('ignores a Range on HEAD and under an If-Range of another version', () => {
    const head = fileAnswer({ method: 'HEAD', headers: { range: 'bytes=0-1' } }, FILE);
    expect(head).toMatchObject({ status: 200, headers: { 'content-length': '1000' } });
    expect(head.read).toBeUndefined();
    expect(fileAnswer({ method: 'GET', headers: { range: 'bytes=0-1', 'if-range': '"old"' } }, FILE)).toMatchObject({ status: 200, read: {} });
    expect(fileAnswer({ method: 'GET', headers: { range: 'bytes=0-1', 'if-range': '"abc"' } }, FILE)).toMatchObject({ status: 206 });
  });
});

describe('get ranges', () => {
  it('takes whole numbers in order and clamps the end to the file', () => {
    expect(rangeProblem({ start: 0 })).toBeNull();
    expect(rangeProblem({ start: 3, end: 3 })).toBeNull();
    expect(rangeProblem({ start: -1 })).toEqual(expect.any(String));
    expect(rangeProblem({ start: 4, end: 3 })).toEqual(expect.any(String));
    expect(rangeProblem({ start: 0.5 })).toEqual(expect.any(String));
    expect(rangeWithin({ start: 2 }, 10)).toEqual({ start: 2, end: 9 });
    expect(rangeWithin({ start: 2, end: 50 }, 10)).toEqual({ start: 2, end: 9 });
    expect(rangeWithin({ start: 10 }, 10)).toBeNull();
  });
});
