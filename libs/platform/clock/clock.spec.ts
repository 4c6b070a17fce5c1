import { ManualClock, systemClock } from './clock.js';

describe('clocks', () => {
  it('a manual clock moves only when told', () => {
    const clock = new ManualClock(1_000);
    expect(clock.now()).toBe(1_000);
    clock.advance(250);
    expect(clock.now()).toBe(1_250);
    clock.set(new Date('2026-11-29T00:00:00Z'));
    expect(clock.now()).toBe(Date.parse('2026-11-29T00:00:00Z'));
  });

  it("the system clock is the process' time", () => {
    const before = Date.now();
    const now = systemClock.now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});
