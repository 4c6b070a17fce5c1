import { type TransformFigures, roundWidths, transformTargets } from './image-transforms.js';

describe('roundWidths', () => {
  it('gives the warm-up and every round a width of its own, so each request asks for a variant not made yet', () => {
    const widths = roundWidths(3);
    expect(widths).toHaveLength(4);
    expect(new Set(widths).size).toBe(4);
  });

  it('refuses more widths than the platform makes of one image', () => {
    expect(roundWidths(31)).toHaveLength(32);
    expect(() => roundWidths(32)).toThrow('at most 32');
  });
});

describe('transformTargets', () => {
  const figures = (ratio: number): TransformFigures => ({ images: 20, rounds: 2, inFlight: 4, platformPerSecond: 80 * ratio, sharpPerSecond: 80, ratio });

  it("meets 7b's target at 80% of sharp's throughput", () => {
    expect(transformTargets(figures(0.8))).toEqual([expect.objectContaining({ met: true, measured: '80% (64 vs 80 images/s)' })]);
    expect(transformTargets(figures(0.79))[0]!.met).toBe(false);
  });

  it('has no target when 7b did not run', () => {
    expect(transformTargets(undefined)).toEqual([]);
  });
});
