import { timed } from './timed.js';

describe('timed: a test body bounded as Jest bounds it', () => {
  it('fails a body that has not settled after the timeout, with Jest\'s message', async () => {
    await expect(timed(() => new Promise(() => undefined), 20)()).rejects.toThrow('Exceeded timeout of 20 ms for a test or hook.');
  });

  it('passes on what the body returns or throws, and leaves no timer behind', async () => {
    await expect(timed(async () => 'done', 1_000)()).resolves.toBe('done');
    await expect(timed(() => { throw new Error('failed'); }, 1_000)()).rejects.toThrow('failed');
    const started = Date.now();
    await timed(async () => undefined, 60_000)();
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('gives a body that takes an argument a done callback, failing on an error passed to it or on no call', async () => {
    await expect(timed((done) => setTimeout(() => (done as () => void)(), 5), 1_000)()).resolves.toBeUndefined();
    await expect(timed((done) => (done as (e: Error) => void)(new Error('told')), 1_000)()).rejects.toThrow('told');
    await expect(timed(() => undefined, 20, true)()).rejects.toThrow('Exceeded timeout of 20 ms');
  });

  it('passes a row of it.each to the body instead of a done callback', async () => {
    const seen: unknown[] = [];
    await timed((a, b) => { seen.push(a, b); }, 1_000, false)(1, 'two');
    expect(seen).toEqual([1, 'two']);
  });
});
