export { CountryCode, LanguageCode, MAX_COUNTRIES, MAX_LANGUAGES, countryName, languageName } from './locale-codes.js';
