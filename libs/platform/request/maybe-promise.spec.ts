import { isPromiseLike, whenReady } from './maybe-promise.js';

describe('whenReady', () => {
  it('maps a ready value at once (no promise)', () => {
    expect(whenReady(2, (n) => n * 3)).toBe(6);
  });

  it('maps a promise once it resolves', async () => {
    const mapped = whenReady(Promise.resolve(2), (n) => n * 3);
    expect(isPromiseLike(mapped)).toBe(true);
    await expect(mapped).resolves.toBe(6);
  });

  it('passes a rejection through', async () => {
    await expect(whenReady(Promise.reject(new Error('down')), () => 1)).rejects.toThrow('down');
  });
});
