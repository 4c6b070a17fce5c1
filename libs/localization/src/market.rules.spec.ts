import { Decimal } from '@platform/money';
import { checkMarketSet, convertPrice, marketRow } from './market.rules.js';

const CA = { exchangeRate: '1.35', rounding: '0.99' };
const FR = { exchangeRate: '0.92', rounding: null };

describe('convertPrice', () => {
  it('multiplies exactly and rounds half-up to cents without a price ending', () => {
    expect(convertPrice('19.99', FR)).toBe('18.39'); // 18.3908
    expect(convertPrice('10.05', FR)).toBe('9.25'); // 9.246
    expect(convertPrice('0.10', { exchangeRate: '0.125', rounding: null })).toBe('0.01'); // 0.0125 → half-up
    expect(convertPrice('0.10', { exchangeRate: '0.1249', rounding: null })).toBe('0.01'); // 0.01249
    expect(convertPrice('0.10', { exchangeRate: '0.1', rounding: null })).toBe('0.01');
    // Floats would say 0.1 × 3 = 0.30000000000000004; decimals say 0.30.
    expect(convertPrice('0.10', { exchangeRate: '3', rounding: null })).toBe('0.30');
  });

  it('rounds up to the next price ending in the market fraction', () => {
    expect(convertPrice('13.99', CA)).toBe('18.99'); // 18.8865
    expect(convertPrice('14.00', CA)).toBe('18.99'); // 18.90
    expect(convertPrice('14.81', CA)).toBe('20.99'); // 19.9935 is just above 19.99
    expect(convertPrice('14.80', CA)).toBe('19.99'); // 19.98
    expect(convertPrice('0.10', CA)).toBe('0.99');
    expect(convertPrice('12.00', { exchangeRate: '1.5', rounding: '0.00' })).toBe('18.00');
    expect(convertPrice('12.01', { exchangeRate: '1.5', rounding: '0.00' })).toBe('19.00');
    expect(convertPrice('10.00', { exchangeRate: '1', rounding: '0.95' })).toBe('10.95');
    expect(convertPrice('10.96', { exchangeRate: '1', rounding: '0.95' })).toBe('11.95');
  });

  it('keeps zero at zero and a rate of 1 without rounding unchanged', () => {
    expect(convertPrice('0.00', CA)).toBe('0.00');
    expect(convertPrice('0', FR)).toBe('0.00');
    for (const amount of ['0.01', '19.99', '123456789012345.67']) expect(convertPrice(amount, { exchangeRate: '1', rounding: null })).toBe(amount);
  });

  it('is exact for large amounts and long rates', () => {
    expect(convertPrice('999999999999999.99', { exchangeRate: '1.0000000001', rounding: null })).toBe('1000000000099999.99');
    const amount = new Decimal('1234.56');
    expect(convertPrice(amount, { exchangeRate: '0.7407407407', rounding: null })).toBe('914.49');
  });
});

describe('marketRow', () => {
  it('normalises codes, defaults the rate and keeps two-place rounding', () => {
    const row = marketRow({ handle: 'ca', name: 'Canada', countries: ['ca'], currency: 'cad', languages: ['EN', 'fr'], exchangeRate: '1.350', rounding: '0.99' });
    expect(row).toEqual({
      handle: 'ca',
      name: 'Canada',
      enabled: true,
      isPrimary: false,
      countries: ['CA'],
      currency: 'CAD',
      languages: ['en', 'fr'],
      exchangeRate: '1.35',
      rounding: '0.99',
    });
    expect(marketRow({ handle: 'us', name: 'US', countries: ['US'], currency: 'USD', languages: ['en'], primary: true }).exchangeRate).toBe('1');
  });

  it.each([
    ['no country', { countries: [] }, 'market.countries'],
    ['a bad country', { countries: ['CAN'] }, 'market.countries[0]'],
    ['a repeated country', { countries: ['CA', 'ca'] }, 'market.countries'],
    ['a bad currency', { currency: 'CA$' }, 'market.currency'],
    ['no language', { languages: [] }, 'market.languages'],
    ['a bad language', { languages: ['french'] }, 'market.languages[0]'],
    ['a zero rate', { exchangeRate: '0' }, 'market.exchangeRate'],
    ['a negative rate', { exchangeRate: '-1.2' }, 'market.exchangeRate'],
    ['a rounding of a whole unit', { rounding: '1.00' }, 'market.rounding'],
    ['a primary market with a rate', { primary: true, exchangeRate: '1.35' }, 'market.exchangeRate'],
  ])('refuses %s', (_label, change, field) => {
    const base = { handle: 'ca', name: 'Canada', countries: ['CA'], currency: 'CAD', languages: ['en'], exchangeRate: '1.35' };
    expect(() => marketRow({ ...base, ...change })).toThrow(expect.objectContaining({ kind: 'UNPROCESSABLE', field }));
  });
});

describe('checkMarketSet', () => {
  const us = { handle: 'us', isPrimary: true, countries: ['US'] };
  it('accepts disjoint markets with one primary', () => {
    expect(() => checkMarketSet([{ handle: 'ca', isPrimary: false, countries: ['CA'] }], [us])).not.toThrow();
  });
  it('refuses a country in two markets and a second primary, in the batch or with existing ones', () => {
    expect(() => checkMarketSet([{ handle: 'na', isPrimary: false, countries: ['CA', 'US'] }], [us])).toThrow(
      expect.objectContaining({ field: 'markets[0].countries', code: 'TAKEN' }),
    );
    expect(() => checkMarketSet([{ handle: 'eu', isPrimary: true, countries: ['FR'] }], [us])).toThrow(expect.objectContaining({ field: 'markets[0].primary' }));
    expect(() =>
      checkMarketSet(
        [
          { handle: 'fr', isPrimary: false, countries: ['FR'] },
          { handle: 'eu', isPrimary: false, countries: ['DE', 'FR'] },
        ],
        [],
      ),
    ).toThrow(expect.objectContaining({ field: 'markets[1].countries' }));
  });
  it('refuses a handle the shop or the batch already has', () => {
    expect(() => checkMarketSet([{ handle: 'us', isPrimary: false, countries: ['CA'] }], [us])).toThrow(
      expect.objectContaining({ field: 'markets[0].handle', code: 'TAKEN' }),
    );
    expect(() =>
      checkMarketSet(
        [
          { handle: 'ca', isPrimary: false, countries: ['CA'] },
          { handle: 'ca', isPrimary: false, countries: ['MX'] },
        ],
        [us],
      ),
    ).toThrow(expect.objectContaining({ field: 'markets[1].handle', code: 'TAKEN' }));
  });
});
