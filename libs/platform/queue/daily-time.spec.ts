import { cronPattern, dailyTime, msUntil } from './daily-time.js';

describe('daily time', () => {
  it('reads HH:MM in UTC and refuses anything else', () => {
    expect(dailyTime('03:00')).toEqual({ hour: 3, minute: 0 });
    expect(dailyTime('23:59')).toEqual({ hour: 23, minute: 59 });
    for (const bad of ['3:00', '24:00', '12:60', '12:00 ', 'noon', '']) expect(() => dailyTime(bad)).toThrow(/HH:MM/);
  });

  it('waits until the time today, or tomorrow once it has passed', () => {
    const at = dailyTime('03:00');
    expect(msUntil(at, new Date('2026-11-24T02:59:00Z'))).toBe(60_000);
    expect(msUntil(at, new Date('2026-11-24T03:00:00Z'))).toBe(24 * 3_600_000);
    expect(msUntil(at, new Date('2026-11-24T03:00:01Z'))).toBe(24 * 3_600_000 - 1_000);
    // Across a month's end.
    expect(msUntil(dailyTime('00:30'), new Date('2026-11-30T23:30:00Z'))).toBe(3_600_000);
  });

  it('is the cron pattern BullMQ schedules with', () => {
    expect(cronPattern(dailyTime('03:15'))).toBe('15 3 * * *');
  });
});
