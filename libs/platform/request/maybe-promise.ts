/**
 * A value that is often ready at once (a cache hit, a per-request value already computed). Hot read paths
 * return it instead of a Promise so graphql-js completes such fields without a promise per field.
 */
export type MaybePromise<T> = T | Promise<T>;

export function isPromiseLike<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as Promise<T> | null)?.then === 'function';
}

/** `fn(value)`, at once when the value is ready, after it resolves otherwise. */
export function whenReady<T, R>(value: MaybePromise<T>, fn: (ready: T) => MaybePromise<R>): MaybePromise<R> {
  return isPromiseLike(value) ? value.then(fn) : fn(value);
}
