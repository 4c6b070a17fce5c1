import { type MemorySample, memoryGrowth, memorySample } from './soak.js';

// Whether a soak's memory grew after the first minute: the highest sample of the last half against the highest
// of minutes 1–2, over 10% flagged.
const run = (seconds: number, rss: (t: number) => number): MemorySample[] =>
  Array.from({ length: seconds / 10 + 1 }, (_, i) => ({ t: i * 10, rssMiB: rss(i * 10), heapUsedMiB: 100, heapTotalMiB: 150, externalMiB: 5 }));

describe('memoryGrowth', () => {
  it('compares the last half with minutes 1–2, leaving the first minute out', () => {
    // A climb during the first minute (warming up) is not growth.
    const growth = memoryGrowth(run(300, (t) => (t < 60 ? 150 + t : 240)), 300, 'rssMiB');
    expect(growth).toEqual({
      metric: 'rssMiB',
      reference: { from: 60, to: 120, maxMiB: 240 },
      lastHalf: { from: 150, to: 300, maxMiB: 240 },
      growthPercent: 0,
      grew: false,
    });
  });

  it('flags growth over 10%, not up to it', () => {
    expect(memoryGrowth(run(300, (t) => (t >= 150 ? 265 : 240)), 300, 'rssMiB')).toMatchObject({ growthPercent: 10.4, grew: true });
    expect(memoryGrowth(run(300, (t) => (t >= 150 ? 264 : 240)), 300, 'rssMiB')).toMatchObject({ growthPercent: 10, grew: false });
  });

  it('takes the highest sample of each window: a spike in minutes 1–2 raises the reference', () => {
    const spike = memoryGrowth(run(300, (t) => (t === 90 ? 300 : 200 + t / 10)), 300, 'rssMiB');
    expect(spike).toMatchObject({ reference: { maxMiB: 300 }, lastHalf: { maxMiB: 230 }, grew: false });
  });

  it('judges a run shorter than 240 s by its second quarter against its last half', () => {
    expect(memoryGrowth(run(30, (t) => 200 + t), 30, 'rssMiB')).toMatchObject({ reference: { from: 10, to: 10, maxMiB: 210 }, lastHalf: { from: 20, to: 30, maxMiB: 230 }, growthPercent: 9.5 });
  });

  it('reads the heap as well as the RSS, and has no verdict without a sample in a window', () => {
    expect(memoryGrowth(run(300, () => 200), 300, 'heapUsedMiB')).toMatchObject({ metric: 'heapUsedMiB', growthPercent: 0 });
    expect(memoryGrowth([{ t: 0, rssMiB: 1, heapUsedMiB: 1, heapTotalMiB: 1, externalMiB: 1 }], 10, 'rssMiB')).toBeNull();
  });
});

describe('memorySample', () => {
  it('turns bytes into MiB with one decimal', () => {
    expect(memorySample(10, 256 * 2 ** 20, { heapUsed: 100.04 * 2 ** 20, heapTotal: 150 * 2 ** 20, external: 0.26 * 2 ** 20 })).toEqual({
      t: 10, rssMiB: 256, heapUsedMiB: 100, heapTotalMiB: 150, externalMiB: 0.3,
    });
  });
});
