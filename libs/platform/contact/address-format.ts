import { type Address, addressName } from './address.js';

// An address as printed: the lines of a label, and the area a list shows.

// Where the postal code comes before the city ("75001 Paris"); elsewhere "Ottawa ON K1A 0B1".
const ZIP_BEFORE_CITY = new Set(['AT', 'BE', 'BR', 'CH', 'CZ', 'DE', 'DK', 'ES', 'FI', 'FR', 'IT', 'MX', 'NL', 'NO', 'PL', 'PT', 'SE']);

/** Lines `formattedAddress` prints at most. */
export const MAX_ADDRESS_LINES = 6;

/** The address as printed lines: name and company as asked, street lines, the city line, the country. */
export function formattedAddress(a: Address, options: { withName: boolean; withCompany: boolean }): string[] {
  const cityLine = ZIP_BEFORE_CITY.has(a.countryCode ?? '')
    ? [a.zip, a.city]
    : [a.city, a.provinceCode ?? a.province, a.zip];
  return [
    options.withName ? addressName(a) : null,
    options.withCompany ? a.company : null,
    a.address1,
    a.address2,
    cityLine.filter(Boolean).join(' '),
    a.country,
  ].filter((line): line is string => Boolean(line));
}

/** "City, Province, Country" with the parts present, or null. */
export function formattedArea(a: Pick<Address, 'city' | 'province' | 'country'>): string | null {
  return [a.city, a.province, a.country].filter(Boolean).join(', ') || null;
}
