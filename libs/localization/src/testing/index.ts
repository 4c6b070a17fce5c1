// Test data of localization (`@platform/localization/testing`); production code never imports it.
export { createTranslation, type TranslationTraits } from './translation.factory.js';
