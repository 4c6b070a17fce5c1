import { CountryCode } from '@platform/locale';
import { SUBDIVISIONS } from './country-subdivisions.js';

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
/** Lines `formattedAddress` prints at most. */
export const MAX_ADDRESS_LINES = 6;

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

// ---- country and province: each named from the other

/** The region fields of an address a write sets (undefined: not set; null: cleared). */
export interface RegionFields {
  country?: string | null;
  countryCode?: string | null;
  province?: string | null;
  provinceCode?: string | null;
}

export interface RegionProblem {
  field: keyof RegionFields;
  message: string;
}

// "Côte d’Ivoire", "cote d'ivoire" and "CÔTE D'IVOIRE" are one name.
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[’‘]/g, "'").trim().toLowerCase();

let countryCodesByName: Map<string, string> | undefined;

/** A two-letter code (any case) as the current ISO code of its country (`UK` → `GB`, `FX` → `FR`), or null when unknown. */
export function knownCountryCode(code: string): string | null {
  if (!/^[A-Za-z]{2}$/.test(code)) return null;
  const current = new Intl.Locale(`und-${code.toUpperCase()}`).region ?? '';
  return Object.hasOwn(CountryCode, current) ? current : null;
}

/** The ISO code of a country given by its English name (any case) or its two-letter code; null when unknown. */
export function countryCodeOf(country: string): string | null {
  const text = country.trim();
  if (/^[A-Za-z]{2}$/.test(text)) return knownCountryCode(text);
  countryCodesByName ??= new Map(Object.keys(CountryCode).map((code) => [folded(nameOfCountryCode(code)), knownCountryCode(code) ?? code]));
  return countryCodesByName.get(folded(text)) ?? null;
}

let englishRegions: Intl.DisplayNames | undefined;

/** The English name of a country code the runtime knows (one DisplayNames for every call). */
export function nameOfCountryCode(code: string): string {
  englishRegions ??= new Intl.DisplayNames(['en'], { type: 'region' });
  return englishRegions.of(code) ?? code;
}

/** The province of a country with a list (`SUBDIVISIONS`) given by its name (any case) or code: [code, name], or null. */
export function provinceOf(countryCode: string, province: string): [string, string] | null {
  const list = SUBDIVISIONS[countryCode];
  if (!list) return null;
  const text = province.trim();
  const code = text.toUpperCase();
  if (Object.hasOwn(list, code)) return [code, list[code]!];
  const wanted = folded(text);
  const found = Object.entries(list).find(([, name]) => folded(name) === wanted);
  return found ? [found[0], found[1]] : null;
}

/**
 * The region fields an address write sets, each completed from its pair: a country (name or code) sets both the
 * country's name and its code, and for a country with a province list the province (name or code) sets both too.
 * A code given wins over a name given beside it. `countryOfAddress` is the country code of the address being
 * changed, for a write that sets its province without its country (undefined when not known: the province is kept
 * as given). Unknown countries, and provinces not of their country's list, are problems.
 */
export function completedRegion(set: RegionFields, countryOfAddress?: string | null): { set: RegionFields; problems: RegionProblem[] } {
  const out: RegionFields = { ...set };
  const problems: RegionProblem[] = [];
  let country: string | null | undefined = countryOfAddress;
  if (typeof set.countryCode === 'string') {
    const code = knownCountryCode(set.countryCode.trim());
    if (code) {
      out.countryCode = code;
      out.country = nameOfCountryCode(code);
      country = code;
    } else {
      problems.push({ field: 'countryCode', message: 'Country code is invalid' });
      country = undefined;
    }
  } else if (typeof set.country === 'string') {
    const code = countryCodeOf(set.country);
    if (code) {
      out.countryCode = code;
      out.country = nameOfCountryCode(code);
      country = code;
    } else {
      problems.push({ field: 'country', message: 'Country is not a known country' });
      country = undefined;
    }
  } else if (set.country === null || set.countryCode === null) {
    out.country = null;
    out.countryCode = null;
    country = null;
  }

  const list = country ? SUBDIVISIONS[country] : undefined;
  if (!list) {
    if (typeof out.provinceCode === 'string') out.provinceCode = out.provinceCode.toUpperCase();
    return { set: out, problems };
  }
  const countryLabel = nameOfCountryCode(country!);
  if (typeof set.provinceCode === 'string') {
    const found = provinceOf(country!, set.provinceCode);
    if (found && found[0] === set.provinceCode.trim().toUpperCase()) [out.provinceCode, out.province] = found;
    else problems.push({ field: 'provinceCode', message: `Province code is not a province of ${countryLabel}` });
  } else if (typeof set.province === 'string') {
    const found = provinceOf(country!, set.province);
    if (found) [out.provinceCode, out.province] = found;
    else problems.push({ field: 'province', message: `Province is not a province of ${countryLabel}` });
  } else if (set.province === null || set.provinceCode === null) {
    out.province = null;
    out.provinceCode = null;
  }
  return { set: out, problems };
}
