import { SUBDIVISIONS } from './country-subdivisions.js';
import { CountryCode, countryName } from './locale-codes.js';

// Countries and provinces as people write them: names in any case, or codes, read against the one country table
// (`CountryCode`) and the one province table (`SUBDIVISIONS`).

// "Côte d’Ivoire", "cote d'ivoire" and "CÔTE D'IVOIRE" are one name.
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[’‘]/g, "'").trim().toLowerCase();

const TWO_LETTERS = /^[A-Za-z]{2}$/;

let countryCodesByName: Map<string, string> | undefined;

/** A two-letter code (any case) as the current ISO code of its country (`UK` → `GB`, `FX` → `FR`), or null when unknown. */
export function knownCountryCode(code: string): string | null {
  if (!TWO_LETTERS.test(code)) return null;
  const current = new Intl.Locale(`und-${code.toUpperCase()}`).region ?? '';
  return Object.hasOwn(CountryCode, current) ? current : null;
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
