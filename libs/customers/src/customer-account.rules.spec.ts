import { accountChanges, accountProblems, consentAfter, displayName } from './customer-account.rules.js';
import type { AccountInput } from './customer.inputs.js';

// The problems as plain values: code, field path and message.
const problemsOf = (input: AccountInput, path: string, required: boolean) =>
  accountProblems(input, path, required).map(({ code, field, message }) => ({ code, field, message }));

describe('accountProblems', () => {
  it('accepts a good sign-up', () => {
    expect(problemsOf({ email: 'Ada@Example.com', password: 'hunter22', firstName: 'Ada', phone: '+1 (613) 555-0123' }, 'input', true)).toEqual([]);
  });

  it('reports every problem at once, with codes and field paths', () => {
    expect(problemsOf({ email: 'nope', password: 'abc', firstName: '<b>Ada</b>', lastName: 'see www.spam.example', phone: '12' }, 'input', true)).toEqual([
      { code: 'INVALID', field: 'input.email', message: 'Email is invalid' },
      { code: 'TOO_SHORT', field: 'input.password', message: 'Password is too short (minimum is 5 characters)' },
      { code: 'CONTAINS_HTML_TAGS', field: 'input.firstName', message: 'First name cannot contain HTML tags' },
      { code: 'CONTAINS_URL', field: 'input.lastName', message: 'Last name cannot contain URL' },
      { code: 'INVALID', field: 'input.phone', message: 'Phone is invalid' },
    ]);
    expect(problemsOf({ email: ' ', password: '' }, 'input', true).map((p) => p.code)).toEqual(['BLANK', 'BLANK']);
    expect(problemsOf({ password: ' secret ' }, 'customer', false)).toEqual([
      { code: 'PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE', field: 'customer.password', message: 'Password cannot start or end with whitespace' },
    ]);
    expect(problemsOf({ password: 'x'.repeat(41) }, 'customer', false)[0].code).toBe('TOO_LONG');
  });

  // Regression (issue 30, item 9): the length bounds are the hosted platform's, 5 to 40, on every surface (one rule).
  it("takes passwords of the hosted platform's 5 to 40 characters, no fewer, no more", () => {
    const codes = (password: string) => problemsOf({ password }, 'customer', false).map((p) => p.code);
    expect([codes('abcd'), codes('abcde'), codes('x'.repeat(40)), codes('x'.repeat(41))]).toEqual([['TOO_SHORT'], [], [], ['TOO_LONG']]);
  });

  it('checks only what an update sets', () => {
    expect(problemsOf({ firstName: 'Grace' }, 'customer', false)).toEqual([]);
    expect(problemsOf({ email: '' }, 'customer', false)[0]).toMatchObject({ code: 'BLANK', field: 'customer.email' });
  });
});

describe('accountChanges', () => {
  it('normalises what is set and leaves the rest out', () => {
    expect(accountChanges({ email: ' Ada@Example.COM ', firstName: '  ', lastName: ' Lovelace ', phone: '+44 20 7946 0958' })).toEqual({
      email: 'ada@example.com',
      firstName: null,
      lastName: 'Lovelace',
      phone: '+442079460958',
    });
    expect(accountChanges({ phone: null, acceptsMarketing: false })).toEqual({ phone: null, acceptsMarketing: false });
  });
});

describe('consent and names', () => {
  it('records a change of marketing consent and keeps an unchanged one', () => {
    const now = new Date('2026-11-01T00:00:00Z');
    const none = { state: 'not_subscribed' as const, optInLevel: null, consentUpdatedAt: null };
    expect(consentAfter(none, false, now)).toBe(none);
    expect(consentAfter(none, true, now)).toEqual({ state: 'subscribed', optInLevel: 'single_opt_in', consentUpdatedAt: now.toISOString() });
  });

  it('falls back from the name to the email to the phone', () => {
    expect(displayName({ firstName: 'Ada', lastName: null, email: 'a@b.co', phone: null })).toBe('Ada');
    expect(displayName({ firstName: null, lastName: null, email: 'a@b.co', phone: null })).toBe('a@b.co');
    expect(displayName({ firstName: null, lastName: null, email: null, phone: '+15550100' })).toBe('+15550100');
  });
});
