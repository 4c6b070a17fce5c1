/** A time of day in UTC, when a scheduled job runs every day. */
export interface DailyTime {
  readonly hour: number;
  readonly minute: number;
}

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `HH:MM` (24-hour, UTC) as a DailyTime; anything else is a bug in the job's declaration. */
export function dailyTime(text: string): DailyTime {
  const match = HH_MM.exec(text);
  if (!match) throw new Error(`A daily time is HH:MM in UTC, not '${text}'`);
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

/** Milliseconds from `now` to the next `at` (a full day when `now` is exactly `at`). */
export function msUntil(at: DailyTime, now: Date): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), at.hour, at.minute);
  const next = today > now.getTime() ? today : today + DAY_MS;
  return next - now.getTime();
}

/** The same time as a cron pattern (minute hour, every day), for BullMQ's job schedulers. */
export function cronPattern(at: DailyTime): string {
  return `${at.minute} ${at.hour} * * *`;
}
