import fc from 'fast-check';
import { type ImageTransform, transformOf, transformQuery, variantName } from './image-transform.rules.js';

describe('image transforms', () => {
  it('reads the hosted parameters, and none when none is given', () => {
    expect(transformOf({ v: '123' })).toBeNull();
    expect(transformOf({ width: '400', format: 'webp', v: '1' })).toEqual({ width: 400, height: null, crop: null, scale: 1, format: 'webp' });
    expect(transformOf({ width: '100', height: '50', crop: 'top', scale: '2' })).toEqual({ width: 100, height: 50, crop: 'top', scale: 2, format: null });
  });

  it.each([
    [{ width: '0' }, /width/],
    [{ width: '5761' }, /width/],
    [{ height: '1.5' }, /height/],
    [{ width: '-1' }, /width/],
    [{ scale: '4' }, /scale/],
    [{ crop: 'center' }, /crop needs/],
    [{ width: '10', crop: 'middle' }, /crop must/],
    [{ format: 'gif' }, /format/],
    [{ width: ['1', '2'] }, /more than once/],
  ])('refuses %j', (query, message) => {
    const answer = transformOf(query);
    expect(answer).toEqual({ problem: expect.stringMatching(message) });
  });

  it('never throws, and what it accepts it writes back to the same transform (property)', () => {
    const value = fc.oneof(fc.string({ maxLength: 6 }), fc.integer({ min: -10, max: 6000 }).map(String), fc.array(fc.string(), { maxLength: 2 }));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('width', 'height', 'crop', 'scale', 'format', 'v'), value), (query) => {
        const answer = transformOf(query);
        if (answer === null || 'problem' in answer) return;
        const again = transformOf(Object.fromEntries(new URLSearchParams(transformQuery(answer))));
        expect(again ?? { width: null, height: null, crop: null, scale: 1, format: null }).toEqual(answer);
      }),
    );
  });

  it('names each variant of a file apart', () => {
    const t = (over: Partial<ImageTransform>): ImageTransform => ({ width: 400, height: null, crop: null, scale: 1, format: null, ...over });
    expect(variantName(t({}), 'png')).toBe('w400-h0-none-s1.png');
    expect(variantName(t({ format: 'webp', scale: 2 }), 'png')).toBe('w400-h0-none-s2.webp');
    expect(new Set([t({}), t({ height: 400 }), t({ crop: 'top' }), t({ scale: 3 }), t({ format: 'jpg' })].map((x) => variantName(x, 'png'))).size).toBe(5);
  });
});
