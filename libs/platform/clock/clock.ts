import type { DynamicModule } from '@nestjs/common';

/**
 * What time it is, for everything whose behaviour time decides: rules (expiries, windows), buckets (leaks), job
 * schedules. Services read it and pass `now` to pure rules, which take it as a parameter; tests give a ManualClock
 * and move it instead of waiting on the real one.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const CLOCK = Symbol('CLOCK');

export const systemClock: Clock = Object.freeze({ now: () => Date.now() });

/** A clock that moves only when told (tests). */
export class ManualClock implements Clock {
  // A plain field, not a parameter property: this file also runs under Node's type stripping.
  private current: number;

  constructor(start = Date.now()) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  advance(ms: number): void {
    this.current += ms;
  }

  set(at: Date | number): void {
    this.current = typeof at === 'number' ? at : at.getTime();
  }
}

/**
 * The process' clock (CLOCK), global: the system's unless one is given (tests). Without decorators, so this file
 * also runs under Node's type stripping (test workers import the package).
 */
export class ClockModule {
  static forRoot(clock: Clock = systemClock): DynamicModule {
    return { module: ClockModule, global: true, providers: [{ provide: CLOCK, useValue: clock }], exports: [CLOCK] };
  }
}
