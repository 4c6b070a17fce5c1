import { countryCodeOf, knownCountryCode } from './regions.js';

describe('knownCountryCode', () => {
  it.each([
    ['US', 'US'],
    ['us', 'US'],
    ['Ca', 'CA'],
    ['UK', 'GB'],
    ['fx', 'FR'],
    ['ZZ', null],
    ['EU', null],
    ['QQ', null],
    ['U1', null],
    ['USA', null],
    ['', null],
  ])('reads %j as %j, the same every time', (code, expected) => {
    expect(knownCountryCode(code)).toBe(expected);
    expect(knownCountryCode(code)).toBe(expected);
  });

  it('answers names and codes alike', () => {
    expect(countryCodeOf('united kingdom')).toBe('GB');
    expect(countryCodeOf(' uk ')).toBe('GB');
    expect(countryCodeOf('Atlantis')).toBeNull();
  });
});
