import { registerEnumType } from '@nestjs/graphql';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const pairs = [...LETTERS].flatMap((a) => [...LETTERS].map((b) => a + b));

// The ISO codes the runtime's ICU data knows (a code it cannot name is not a real one).
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

const COUNTRY_CODES = pairs.filter((code) => code !== 'EU' && code !== 'UN' && code !== 'EZ' && code !== 'ZZ' && regionNames.of(code) !== undefined);
const LANGUAGE_CODES = [
  ...pairs.filter((code) => languageNames.of(code.toLowerCase()) !== undefined),
  'PT_BR',
  'PT_PT',
  'ZH_CN',
  'ZH_TW',
].sort();

/** ISO 3166-1 alpha-2 country codes (`US`, `CA`, `FR`, …). */
export const CountryCode = Object.fromEntries(COUNTRY_CODES.map((c) => [c, c])) as Record<string, string>;
registerEnumType(CountryCode, { name: 'CountryCode', description: 'ISO 3166-1 alpha-2 country codes.' });

/** ISO 639-1 language codes, upper case, with regional variants as `PT_BR` (the hosted platform's form). */
export const LanguageCode = Object.fromEntries(LANGUAGE_CODES.map((c) => [c, c])) as Record<string, string>;
registerEnumType(LanguageCode, { name: 'LanguageCode', description: 'ISO 639-1 language codes.' });

/** Each code at most once: the most countries or languages any list of them holds. */
export const MAX_COUNTRIES = COUNTRY_CODES.length;
export const MAX_LANGUAGES = LANGUAGE_CODES.length;

// One DisplayNames per locale and kind: building one costs far more than naming with it (a REST page of customers
// names up to 2,750 addresses' countries). At most 512 kept, about 6 KiB of ICU data each (measured): 3 MiB.
const displayNames = new Map<string, Intl.DisplayNames>();

function namesIn(locale: string, type: 'region' | 'language'): Intl.DisplayNames {
  const key = `${type} ${locale}`;
  let names = displayNames.get(key);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type });
    if (displayNames.size < 512) displayNames.set(key, names);
  }
  return names;
}

/** The name of a country code in `locale` (English by default); a code the runtime cannot read keeps its letters. */
export function countryName(code: string, locale = 'en'): string {
  const names = namesIn(locale, 'region');
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

export function languageName(code: string, locale = 'en'): string {
  return namesIn(locale, 'language').of(code.toLowerCase().replace('_', '-')) ?? code;
}
