import fc from 'fast-check';
import { jsonBytesAtLeast } from './response-size.js';

describe('jsonBytesAtLeast', () => {
  it('never counts more bytes than JSON.stringify writes, whatever the value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const bytes = Buffer.byteLength(JSON.stringify(value));
        expect(jsonBytesAtLeast(value, Number.MAX_SAFE_INTEGER)).toBeLessThanOrEqual(bytes);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves out what JSON leaves out', () => {
    expect(jsonBytesAtLeast({ a: undefined, b: () => 1 }, 100)).toBe(2);
  });

  it('stops as soon as the count passes the limit, before walking the rest', () => {
    const huge = { addresses: Array.from({ length: 100_000 }, (_, i) => ({ id: `gid://platform/MailingAddress/${i}`, city: 'Ottawa' })) };
    const started = performance.now();
    const counted = jsonBytesAtLeast(huge, 1_000);
    expect(counted).toBeGreaterThan(1_000);
    expect(counted).toBeLessThan(1_000 + 200_000);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('walks nesting deeper than the stack allows', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonBytesAtLeast(deep, Number.MAX_SAFE_INTEGER)).toBe(100_000 * 2 + 3);
  });
});
