import { DomainError, type DomainErrorOptions, type ErrorKind } from './domain-error.js';

/** What a declared code's constructor takes besides the message (the code is the constructor's own). */
export type CodedErrorOptions = Omit<DomainErrorOptions, 'code'>;

/** One constructor per declared code, each building a `DomainError` of that code and its declared kind. */
export type ErrorConstructors<Code extends string> = {
  readonly [C in Code]: (message: string, options?: CodedErrorOptions) => DomainError<C>;
};

/** The code union of a `defineErrors` result: `type CustomerErrorCode = ErrorCodeOf<typeof CustomerErrors>`. */
export type ErrorCodeOf<Errors> = Errors extends ErrorConstructors<infer Code> ? Code : never;

/**
 * Declares a context's error codes, each with the kind the error table answers it by (a 422 `UNPROCESSABLE`
 * for a problem with the caller's input, `NOT_FOUND`, …), and returns their constructors:
 *
 * ```ts
 * export const OrderErrors = defineErrors({ BLANK: 'UNPROCESSABLE', TAKEN: 'UNPROCESSABLE' });
 * export type OrderErrorCode = ErrorCodeOf<typeof OrderErrors>;
 * throw OrderErrors.TAKEN('has already been taken', { field: 'name' });
 * ```
 */
export function defineErrors<const Kinds extends Record<string, ErrorKind>>(kinds: Kinds): ErrorConstructors<keyof Kinds & string> {
  const constructors: Record<string, (message: string, options?: CodedErrorOptions) => DomainError> = {};
  for (const [code, kind] of Object.entries(kinds)) {
    constructors[code] = (message, options) => new DomainError(kind, message, { ...options, code });
  }
  return constructors as ErrorConstructors<keyof Kinds & string>;
}

/** Whether `error` is one of the declared codes of `errors` (a context's, to answer it as a userError). */
export function isErrorOf<Code extends string>(errors: ErrorConstructors<Code>, error: unknown): error is DomainError<Code> {
  return error instanceof DomainError && Object.hasOwn(errors, error.code);
}
