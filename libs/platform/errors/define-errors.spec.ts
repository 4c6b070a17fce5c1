import { DomainError } from './domain-error.js';
import { type ErrorCodeOf, defineErrors, isErrorOf } from './define-errors.js';
import { fieldPath, userErrorsOf } from './user-errors.js';

const ThingErrors = defineErrors({ BLANK: 'UNPROCESSABLE', THING_NOT_FOUND: 'NOT_FOUND' });
type ThingErrorCode = ErrorCodeOf<typeof ThingErrors>;

describe('defineErrors', () => {
  it('builds DomainErrors of the declared code and kind', () => {
    const error = ThingErrors.BLANK("can't be blank", { field: 'thing.title' });
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'UNPROCESSABLE', code: 'BLANK', field: 'thing.title', message: "can't be blank" });
    expect(ThingErrors.THING_NOT_FOUND('Not Found').kind).toBe('NOT_FOUND');
  });

  it('tells its own codes from other errors', () => {
    expect(isErrorOf(ThingErrors, ThingErrors.BLANK('x'))).toBe(true);
    expect(isErrorOf(ThingErrors, new DomainError('UNPROCESSABLE', 'x', { code: 'TAKEN' }))).toBe(false);
    expect(isErrorOf(ThingErrors, new Error('BLANK'))).toBe(false);
  });
});

describe('userErrorsOf', () => {
  it('maps every code and splits the field into a path', () => {
    const codes: Record<ThingErrorCode, 'BLANK' | null> = { BLANK: 'BLANK', THING_NOT_FOUND: null };
    expect(userErrorsOf([ThingErrors.BLANK("can't be blank", { field: 'input.lines[2].title' }), ThingErrors.THING_NOT_FOUND('gone')], codes)).toEqual([
      { code: 'BLANK', field: ['input', 'lines', '2', 'title'], message: "can't be blank" },
      { code: null, field: null, message: 'gone' },
    ]);
    // @ts-expect-error: a mapping that misses a code does not compile.
    const partial: Record<ThingErrorCode, string | null> = { BLANK: 'BLANK' };
    expect(partial).toBeDefined();
  });

  it('reads paths with indexes anywhere', () => {
    expect(fieldPath('customers[3]')).toEqual(['customers', '3']);
    expect(fieldPath('customerAccessToken')).toEqual(['customerAccessToken']);
    expect(fieldPath(undefined)).toBeNull();
  });
});
