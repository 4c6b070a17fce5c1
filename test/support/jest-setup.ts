// Loaded before every test file (jest.config.js' setupFilesAfterEnv). The runner, jest-light-runner, runs the files
// in plain Node processes that keep their modules between files (see docs/decisions.md), and leaves out two things of
// Jest's own runner that the suites rely on; this puts them back:
// - timeouts: a test or hook that has not settled after its timeout (the third argument, else jest.config.js'
//   testTimeout) fails with Jest's message instead of holding the run forever;
// - fake timers with their options (`jest.useFakeTimers({ now, doNotFake })`).
import { ModernFakeTimers } from '@jest/fake-timers';
import config from '../../jest.config.js';
import { type Callback, type Register, timed } from './timed.js';

const DEFAULT_TIMEOUT: number = config.testTimeout;

type Registrar = Register & { [key: string]: unknown };

/** A test function (`it`, `it.only`) whose body is bounded, and its `.each`, whose rows are the body's arguments. */
function timedTest(register: Registrar): Registrar {
  const bounded = (name: unknown, fn?: Callback, timeout?: number) => (fn === undefined ? register(name) : register(name, timed(fn, timeout ?? DEFAULT_TIMEOUT), timeout));
  const wrapped: Registrar = Object.assign(bounded, register);
  if (typeof register.each === 'function') {
    const each = register.each as (...table: unknown[]) => Register;
    wrapped.each = (...table: unknown[]) => (name: unknown, fn: Callback, timeout?: number) => each(...table)(name, timed(fn, timeout ?? DEFAULT_TIMEOUT, false), timeout);
  }
  return wrapped;
}

const globals = globalThis as unknown as Record<string, Registrar>;
for (const name of ['it', 'test']) {
  const original = globals[name]!;
  const wrapped = timedTest(original);
  if (typeof original.only === 'function') wrapped.only = timedTest(original.only as Registrar);
  globals[name] = wrapped;
}
for (const name of ['beforeAll', 'afterAll', 'beforeEach', 'afterEach']) {
  const original = globals[name]!;
  globals[name] = ((fn: Callback, timeout?: number) => original(timed(fn, timeout ?? DEFAULT_TIMEOUT), timeout)) as Registrar;
}

const timers = new ModernFakeTimers({ config: { fakeTimers: {} } as never, global: globalThis as never });
const jestObject = globals.jest as Record<string, unknown>;
Object.assign(jestObject, {
  useFakeTimers(options?: Record<string, unknown>) {
    timers.useFakeTimers(options as never);
    return jestObject;
  },
  useRealTimers() {
    timers.useRealTimers();
    return jestObject;
  },
  advanceTimersByTime(ms: number) {
    timers.advanceTimersByTime(ms);
    return jestObject;
  },
  setSystemTime(now?: number | Date) {
    timers.setSystemTime(now);
    return jestObject;
  },
});
