export { CountryCode, LanguageCode, MAX_COUNTRIES, MAX_LANGUAGES, countryName, languageName } from './locale-codes.js';
export { countryCodeOf, hasProvinceList, knownCountryCode, provinceOf } from './regions.js';
