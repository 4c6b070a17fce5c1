import { SUBDIVISIONS } from './country-subdivisions.js';
import { CountryCode, countryName } from './locale-codes.js';

// Countries and provinces as people write them: names in any case, or codes, read against the one country table
// (`CountryCode`) and the one province table (`SUBDIVISIONS`).

// "Côte d’Ivoire", "cote d'ivoire" and "CÔTE D'IVOIRE" are one name.
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[’‘]/g, "'").trim().toLowerCase();

const TWO_LETTERS = /^[A-Za-z]{2}$/;

let countryCodesByName: Map<string, string> | undefined;

// Each two-letter code's answer, read once: building an Intl.Locale costs more than the rest of an address's checks.
// At most 676 entries (every pair of letters).
const currentCodes = new Map<string, string | null>();

/** A two-letter code (any case) as the current ISO code of its country (`UK` → `GB`, `FX` → `FR`), or null when unknown. */
export function knownCountryCode(code: string): string | null {
  if (!TWO_LETTERS.test(code)) return null;
  const upper = code.toUpperCase();
  let current = currentCodes.get(upper);
  if (current === undefined) {
    const region = new Intl.Locale(`und-${upper}`).region ?? '';
    current = Object.hasOwn(CountryCode, region) ? region : null;
    currentCodes.set(upper, current);
  }
  return current;
}

/** The ISO code of a country given by its English name (any case) or its two-letter code; null when unknown. */
export function countryCodeOf(country: string): string | null {
  const text = country.trim();
  if (TWO_LETTERS.test(text)) return knownCountryCode(text);
  countryCodesByName ??= new Map(Object.keys(CountryCode).map((code) => [folded(countryName(code)), knownCountryCode(code) ?? code]));
  return countryCodesByName.get(folded(text)) ?? null;
}

/** Whether addresses of the country name their province from a fixed list (the United States, Canada). */
export function hasProvinceList(countryCode: string): boolean {
  return Object.hasOwn(SUBDIVISIONS, countryCode);
}

/** The province of a country with a list given by its name (any case) or code: [code, name], or null. */
export function provinceOf(countryCode: string, province: string): [code: string, name: string] | null {
  if (!hasProvinceList(countryCode)) return null;
  const list = SUBDIVISIONS[countryCode]!;
  const text = province.trim();
  const code = text.toUpperCase();
  if (Object.hasOwn(list, code)) return [code, list[code]!];
  const wanted = folded(text);
  const found = Object.entries(list).find(([, name]) => folded(name) === wanted);
  return found ? [found[0], found[1]] : null;
}
