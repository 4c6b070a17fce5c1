/** The parts of a postal address the formatted lines are made of. */
export interface AddressParts {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  provinceCode: string | null;
  country: string | null;
  countryCode: string | null;
  zip: string | null;
}

// Where the postal code comes before the city ("75001 Paris"); elsewhere "Ottawa ON K1A 0B1".
const ZIP_BEFORE_CITY = new Set(['AT', 'BE', 'BR', 'CH', 'CZ', 'DE', 'DK', 'ES', 'FI', 'FR', 'IT', 'MX', 'NL', 'NO', 'PL', 'PT', 'SE']);

export function addressName(a: AddressParts): string | null {
  return [a.firstName, a.lastName].filter(Boolean).join(' ') || null;
}

/** The address as printed lines: name and company as asked, street lines, the city line, the country. */
export function formattedAddress(a: AddressParts, options: { withName: boolean; withCompany: boolean }): string[] {
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
export function formattedArea(a: AddressParts): string | null {
  return [a.city, a.province, a.country].filter(Boolean).join(', ') || null;
}
