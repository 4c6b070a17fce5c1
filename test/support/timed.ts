// A test's or hook's body bounded in time, as Jest's own runner bounds it (jest-setup.ts applies it to every one).

export type Callback = (...args: unknown[]) => unknown;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Jest's registration functions take many forms.
export type Register = (...args: any[]) => unknown;

/** `fn` bounded by `timeout` ms; a test or hook that takes an argument gets a `done` callback, as in Jest. */
export function timed(fn: Callback, timeout: number, takesDone = fn.length > 0): Callback {
  const bounded = (run: () => Promise<unknown>) => {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Exceeded timeout of ${timeout} ms for a test or hook.`)), timeout);
    });
    return Promise.race([run(), expired]).finally(() => clearTimeout(timer));
  };
  if (takesDone) {
    // A `done` callback: called with an error, or nothing.
    return () => bounded(() => new Promise((resolve, reject) => fn((error: unknown) => (error ? reject(error) : resolve(undefined)))));
  }
  return (...args: unknown[]) => bounded(async () => fn(...args));
}
