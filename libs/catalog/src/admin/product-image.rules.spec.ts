import fc from 'fast-check';
import { decodedAttachment, imageInputProblems, placed } from './product-image.rules.js';

describe('product image rules', () => {
  it('places an image at its position, closing up the others without gaps', () => {
    expect(placed([1, 2, 3], 4, 1)).toEqual([4, 1, 2, 3]);
    expect(placed([1, 2, 3], 4, undefined)).toEqual([1, 2, 3, 4]);
    expect(placed([1, 2, 3], 4, 99)).toEqual([1, 2, 3, 4]);
    expect(placed([1, 2, 3], 3, 1)).toEqual([3, 1, 2]);
    expect(placed([1, 2, 3], 1, 3)).toEqual([2, 3, 1]);
  });

  it('keeps every image once, and the placed one where it was asked (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 1000 }), { maxLength: 30 }), fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 40 }), (order, id, position) => {
        const after = placed(order, id, position);
        expect([...after].sort((a, b) => a - b)).toEqual([...new Set([...order, id])].sort((a, b) => a - b));
        expect(after.indexOf(id)).toBe(Math.min(position, after.length) - 1);
      }),
    );
  });

  it('decodes strict base64 only', () => {
    expect(decodedAttachment(Buffer.from('hello!').toString('base64'))).toEqual(Buffer.from('hello!'));
    for (const bad of ['', 'aGVsbG8', 'aGVs bG8h', 'aGVs\nbG8h', 'aGVsbG8h!!!!', '====', 'a===']) expect(decodedAttachment(bad)).toBeNull();
    fc.assert(fc.property(fc.uint8Array({ minLength: 1, maxLength: 200 }), (bytes) => expect(decodedAttachment(Buffer.from(bytes).toString('base64'))).toEqual(Buffer.from(bytes))));
  });

  it.each([
    [{ position: 0 }, 'create', 'position'],
    [{ position: 1.5, attachment: 'x' }, 'create', 'position'],
    [{ alt: 'a\0' }, 'update', 'alt'],
    [{ alt: 'a'.repeat(513) }, 'update', 'alt'],
    [{ variantIds: [0] }, 'update', 'variant_ids'],
    [{ variantIds: Array.from({ length: 251 }, (_, i) => i + 1) }, 'update', 'variant_ids'],
    [{}, 'create', 'attachment'],
    [{ attachment: 'eA==', src: 'https://example.com/a.png' }, 'create', 'src'],
    [{ filename: 'a.png', src: 'https://example.com/a.png' }, 'create', 'filename'],
    [{ src: 'https://example.com/a.png' }, 'update', 'src'],
  ] as const)('refuses %j on %s, keyed by %s', (input, mode, field) => {
    expect(imageInputProblems(input, mode).map((p) => p.field)).toContain(field);
  });
});
