import type { NewCompany } from './company.inputs.js';
import { companyRows } from './company.rules.js';

const valid = (): NewCompany => ({
  name: ' Acme Wholesale ',
  locations: [
    { name: 'HQ', catalog: { title: 'Wholesale', adjustment: { type: 'PERCENTAGE_DECREASE', value: '15' }, fixedPrices: [{ variantId: 7, price: '9.5' }] } },
    { name: 'Depot' },
  ],
  contacts: [{ customerId: 3, locations: ['HQ', 'Depot', 'HQ'] }],
});

describe('companyRows', () => {
  it('normalizes a valid company (trimmed names, two-place amounts, stored percentage, distinct locations)', () => {
    expect(companyRows(valid())).toEqual({
      name: 'Acme Wholesale',
      externalId: null,
      locations: [
        { name: 'HQ', catalog: { title: 'Wholesale', adjustment: { type: 'PERCENTAGE_DECREASE', value: '15.00' }, fixedPrices: [{ variantId: 7, price: '9.50', compareAtPrice: null }] } },
        { name: 'Depot', catalog: null },
      ],
      contacts: [{ customerId: 3, locations: ['HQ', 'Depot'] }],
    });
  });

  const cases: [string, (c: NewCompany) => void, string, string][] = [
    ['a blank name', (c) => (c.name = '  '), 'company.name', 'BLANK'],
    ['a name too long', (c) => (c.name = 'x'.repeat(256)), 'company.name', 'TOO_LONG'],
    ['a NUL byte', (c) => (c.name = 'a\u0000b'), 'company.name', 'INVALID'],
    ['no location', (c) => (c.locations = []), 'company.locations', 'BLANK'],
    ['a repeated location name', (c) => (c.locations[1]!.name = 'HQ'), 'company.locations[1].name', 'TAKEN'],
    ['an unknown adjustment type', (c) => (c.locations[0]!.catalog!.adjustment.type = 'FIXED' as never), 'company.locations[0].catalog.adjustment.type', 'INVALID'],
    ['a decrease over 100%', (c) => (c.locations[0]!.catalog!.adjustment.value = '101'), 'company.locations[0].catalog.adjustment.value', 'INVALID'],
    ['a float-looking percentage', (c) => (c.locations[0]!.catalog!.adjustment.value = '0.125'), 'company.locations[0].catalog.adjustment.value', 'INVALID'],
    ['a negative fixed price', (c) => (c.locations[0]!.catalog!.fixedPrices![0]!.price = '-1'), 'company.locations[0].catalog.fixedPrices[0].price', 'INVALID'],
    ['a fixed price with three places', (c) => (c.locations[0]!.catalog!.fixedPrices![0]!.price = '1.005'), 'company.locations[0].catalog.fixedPrices[0].price', 'INVALID'],
    ['a bad compare-at', (c) => (c.locations[0]!.catalog!.fixedPrices![0]!.compareAtPrice = 'ten'), 'company.locations[0].catalog.fixedPrices[0].compareAtPrice', 'INVALID'],
    ['a variant priced twice', (c) => c.locations[0]!.catalog!.fixedPrices!.push({ variantId: 7, price: '1' }), 'company.locations[0].catalog.fixedPrices[1].variantId', 'TAKEN'],
    ['a variant id that is not one', (c) => (c.locations[0]!.catalog!.fixedPrices![0]!.variantId = 0), 'company.locations[0].catalog.fixedPrices[0].variantId', 'INVALID'],
    ['a customer twice', (c) => c.contacts.push({ customerId: 3, locations: [] }), 'company.contacts[1].customerId', 'TAKEN'],
    ['a contact at an unknown location', (c) => (c.contacts[0]!.locations = ['Elsewhere']), 'company.contacts[0].locations[0]', 'INVALID'],
  ];
  it.each(cases)('refuses %s', (_name, change, field, code) => {
    const company = valid();
    change(company);
    expect(() => companyRows(company)).toThrow(expect.objectContaining({ field, code }));
  });
});
