import { DomainEvent } from './event-handler.js';
import { eventFromPayload, eventPayload } from './event-payload.js';

@DomainEvent('test.something-happened')
class SomethingHappened {
  constructor(
    readonly id: number,
    readonly amount: string,
    readonly test: boolean,
    readonly note: string | null,
    readonly at: string,
    readonly lines: { id: number; quantity: number }[],
    readonly optional?: string,
  ) {}

  describe(): string {
    return `${this.id}: ${this.amount}`;
  }
}

describe('event payload', () => {
  it('round-trips numbers, strings, booleans, null, ISO dates as strings and nested plain data through JSON', () => {
    const event = new SomethingHappened(9_007_199_254_740_991, '12.30', false, null, '2026-11-24T10:00:00.000Z', [{ id: 1, quantity: 2 }]);
    const stored = JSON.parse(JSON.stringify(eventPayload(event)));
    const rebuilt = eventFromPayload(SomethingHappened, stored);
    expect(rebuilt).toBeInstanceOf(SomethingHappened);
    expect(rebuilt).toEqual(event);
    expect(rebuilt.describe()).toBe('9007199254740991: 12.30');
    expect(typeof rebuilt.at).toBe('string');
    // An undefined field is left out, as JSON would.
    expect(stored).not.toHaveProperty('optional');
  });

  it('refuses values JSON would change: dates, bigints, class instances, non-finite numbers, functions', () => {
    const bad: [unknown, RegExp][] = [
      [new Date('2026-11-24T00:00:00Z'), /a Date \(use an ISO 8601 string\)/],
      [10n, /a bigint/],
      [new Map(), /a Map/],
      [Number.NaN, /NaN: an event's numbers must be finite/],
      [Number.POSITIVE_INFINITY, /Infinity/],
      [() => 1, /a function/],
      [[1, new Date()], /\.at\[1\] is a Date/],
      [{ nested: { when: new Date() } }, /\.at\.nested\.when is a Date/],
    ];
    for (const [value, message] of bad) {
      const event = new SomethingHappened(1, '1.00', true, null, value as string, []);
      expect(() => eventPayload(event)).toThrow(message);
    }
  });
});
