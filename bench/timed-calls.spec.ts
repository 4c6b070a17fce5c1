import { median, timed } from './timed-calls.js';

describe('timed', () => {
  it('calls every index once, at most `inFlight` at a time', async () => {
    const called: number[] = [];
    let running = 0;
    let most = 0;
    await timed(10, 3, async (i) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 1));
      called.push(i);
      running--;
    });
    expect([...called].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(3);
  });

  it('makes no call for none', async () => {
    let calls = 0;
    await timed(0, 4, async () => calls++);
    expect(calls).toBe(0);
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });
});
