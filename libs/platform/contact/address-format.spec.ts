import { blankAddress } from './address.js';
import { formattedAddress, formattedArea } from './address-format.js';

describe('formatted addresses', () => {
  const base = { ...blankAddress(), firstName: 'Ada', lastName: 'Lovelace', company: 'Engines Ltd', address1: '1 Main St', province: 'Ontario' };

  it("puts the city line in the country's order", () => {
    const ca = { ...base, city: 'Ottawa', provinceCode: 'ON', country: 'Canada', countryCode: 'CA', zip: 'K1A 0B1' };
    expect(formattedAddress(ca, { withName: false, withCompany: true })).toEqual(['Engines Ltd', '1 Main St', 'Ottawa ON K1A 0B1', 'Canada']);
    expect(formattedAddress(ca, { withName: true, withCompany: false })).toEqual(['Ada Lovelace', '1 Main St', 'Ottawa ON K1A 0B1', 'Canada']);
    expect(formattedArea(ca)).toBe('Ottawa, Ontario, Canada');
    const fr = { ...base, province: null, city: 'Paris', country: 'France', countryCode: 'FR', zip: '75001' };
    expect(formattedAddress(fr, { withName: false, withCompany: false })).toEqual(['1 Main St', '75001 Paris', 'France']);
  });

  it('prints nothing for a blank address', () => {
    expect(formattedAddress(blankAddress(), { withName: true, withCompany: true })).toEqual([]);
    expect(formattedArea(blankAddress())).toBeNull();
  });
});
