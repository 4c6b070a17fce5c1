import { adjustedPrice, adjustmentValue, catalogPrice, catalogPriceRange } from './catalog-price.rules.js';

const off = (value: string) => ({ type: 'PERCENTAGE_DECREASE' as const, value });
const on = (value: string) => ({ type: 'PERCENTAGE_INCREASE' as const, value });

describe('adjustedPrice', () => {
  it.each([
    ['100.00', off('15'), '85.00'],
    ['19.99', off('15'), '16.99'], // 16.9915 → half-up to the cent
    ['10.05', off('10'), '9.05'], // 9.045 → 9.05 (half-up, exact: no float 9.044999)
    ['0.01', off('50'), '0.01'], // 0.005 → 0.01
    ['0.00', off('15'), '0.00'],
    ['42.50', off('0'), '42.50'],
    ['42.50', off('100'), '0.00'],
    ['10.00', on('12.5'), '11.25'],
    ['33.33', on('0.01'), '33.33'], // 33.333333 → 33.33
    ['999999999999999999.99', off('1'), '989999999999999999.99'],
  ])('%s under %o is %s', (amount, adjustment, expected) => {
    expect(adjustedPrice(amount, adjustment)).toBe(expected);
  });
});

describe('catalogPrice', () => {
  it.each([
    ['adjusts price and compare-at', { price: '20.00', compareAtPrice: '30.00' }, undefined, { price: '17.00', compareAtPrice: '25.50' }],
    ['keeps no compare-at as none', { price: '20.00', compareAtPrice: null }, undefined, { price: '17.00', compareAtPrice: null }],
    ['takes the fixed price and its own compare-at', { price: '20.00', compareAtPrice: '30.00' }, { price: '12.00', compareAtPrice: null }, { price: '12.00', compareAtPrice: null }],
    ['takes a fixed price above the list price', { price: '20.00', compareAtPrice: null }, { price: '25.00', compareAtPrice: '40.00' }, { price: '25.00', compareAtPrice: '40.00' }],
  ])('%s', (_name, list, fixed, expected) => {
    expect(catalogPrice(list, off('15'), fixed)).toEqual(expected);
  });
});

describe('catalogPriceRange', () => {
  const list = { minPrice: '10.00', maxPrice: '30.00', minCompareAtPrice: '15.00', maxCompareAtPrice: '40.00' };

  it('adjusts the list range when no variant has a fixed price (a percentage keeps the order)', () => {
    expect(catalogPriceRange(list, off('10'), null)).toEqual({ minPrice: '9.00', maxPrice: '27.00', minCompareAtPrice: '13.50', maxCompareAtPrice: '36.00' });
    expect(catalogPriceRange({ ...list, minCompareAtPrice: null, maxCompareAtPrice: null }, off('10'), null).minCompareAtPrice).toBeNull();
  });

  it.each([
    ['a fixed price below every other sets the minimum', [{ p: '10.00', f: '5.00' }, { p: '30.00' }], '5.00', '27.00'],
    ['a fixed price above every other sets the maximum', [{ p: '10.00' }, { p: '30.00', f: '50.00' }], '9.00', '50.00'],
    ['the cheapest list variant with a dearer fixed price leaves the next one the minimum', [{ p: '10.00', f: '40.00' }, { p: '20.00' }, { p: '30.00' }], '18.00', '40.00'],
  ])('%s', (_name, variants, min, max) => {
    const rows = variants.map((v) => ({ list: { price: v.p, compareAtPrice: null }, fixed: v.f ? { price: v.f, compareAtPrice: null } : undefined }));
    expect(catalogPriceRange(list, off('10'), rows)).toMatchObject({ minPrice: min, maxPrice: max, minCompareAtPrice: null, maxCompareAtPrice: null });
  });
});

describe('adjustmentValue', () => {
  it.each([
    [off('15'), '15.00'],
    [off('12.5'), '12.50'],
    [off('100'), '100.00'],
    [off('100.01'), null],
    [on('250'), '250.00'],
    [on('1000.01'), null],
    [off('-5'), null],
    [off('1.234'), null],
    [off('1e2'), null],
    [off(''), null],
    [off(' 5'), null],
    [{ type: 'PERCENTAGE_DECREASE' as const, value: 15 as unknown as string }, null],
  ])('%o → %s', (adjustment, expected) => {
    expect(adjustmentValue(adjustment)).toBe(expected);
  });
});
