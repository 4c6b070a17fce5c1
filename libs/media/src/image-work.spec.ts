import { IMAGE_WORK_CONCURRENCY, imageWork } from './image-work.js';

describe('imageWork', () => {
  it(`runs at most ${IMAGE_WORK_CONCURRENCY} jobs at once, the others in turn, and answers each its own result`, async () => {
    let running = 0;
    let most = 0;
    const job = (n: number) => async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return n;
    };
    const results = await Promise.all(Array.from({ length: 7 }, (_, n) => imageWork(job(n))));
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(IMAGE_WORK_CONCURRENCY);
  });

  it('lets the next job run when one fails', async () => {
    await expect(imageWork(() => Promise.reject(new Error('corrupt')))).rejects.toThrow('corrupt');
    await expect(imageWork(async () => 'next')).resolves.toBe('next');
  });
});
