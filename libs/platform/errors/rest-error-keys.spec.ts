import { restErrorKey, restErrorMessage } from './rest-error-keys.js';

describe('REST error keys', () => {
  it.each([
    [undefined, 'base'],
    ['email', 'email'],
    ['passwordConfirmation', 'password_confirmation'],
    ['addresses[2].countryCode', 'addresses.country_code'],
    ['metafields[0].key', 'metafields.key'],
    // Found by the hostile probe: names of Object.prototype are fields like any other, underscores kept.
    ['__proto__', '__proto__'],
    ['constructor', 'constructor'],
    ['addresses[0].__proto__', 'addresses.__proto__'],
    ['Email', 'email'],
  ])('keys %s as %s', (field, key) => {
    expect(restErrorKey(field)).toBe(key);
  });

  it('drops the label of the field the message starts with, and only that', () => {
    expect(restErrorMessage('email', 'Email has already been taken')).toBe('has already been taken');
    expect(restErrorMessage('password_confirmation', "Password confirmation doesn't match Password")).toBe("doesn't match Password");
    expect(restErrorMessage('addresses.country_code', 'Country code is invalid')).toBe('is invalid');
    expect(restErrorMessage('phone', 'Email has already been taken')).toBe('Email has already been taken');
    expect(restErrorMessage('base', 'Customer must have a name, phone number or email address')).toBe('Customer must have a name, phone number or email address');
  });
});
